import type { AppBill } from "../../contracts/schemas/bills.ts";

// Sample bills for the bill list's unit tests, its model and its harness.

/**
 * A deposit of 25 USDT on the devnet to an application's deposit address, still confirming (1 of 3), as the server
 * answers it; `extra` sets whatever a test is about.
 */
export const sampleBill = (extra: Partial<AppBill> = {}): AppBill => ({
  billNo: "2026020100000101",
  appCode: "2026020100000001",
  appName: "Web shop",
  endUserId: "customer-42",
  fromAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  toAddress: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  amount: "25",
  chain: "Devnet",
  chainId: 31337,
  currency: "USDT",
  tokenContract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  protocol: "ERC-20",
  blockNumber: "118",
  txHash: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
  logIndex: 0,
  status: "confirming",
  confirmations: 1,
  required: 3,
  payTime: "2026-02-01T10:03:00.000Z",
  creditedAt: null,
  removedAt: null,
  noticeStatus: "notNotified",
  collectionAmount: null,
  deliveryAddress: null,
  transferAmount: null,
  collectionTxHash: null,
  collectionGasFee: null,
  ...extra,
});

/** The same bill credited, its callback delivered and collected into the treasury. */
export const creditedBill = (extra: Partial<AppBill> = {}): AppBill =>
  sampleBill({
    billNo: "2026020100000100",
    txHash: "0x9a1c0e6a0d6b8f8e3f2b1c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7081",
    blockNumber: "101",
    status: "credited",
    confirmations: 3,
    payTime: "2026-02-01T09:00:00.000Z",
    creditedAt: "2026-02-01T09:00:03.000Z",
    noticeStatus: "success",
    collectionAmount: "25",
    deliveryAddress: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    transferAmount: "24.9",
    collectionTxHash: "0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988",
    collectionGasFee: "0.000031337",
    ...extra,
  });
