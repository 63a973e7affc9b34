import pg from "pg";

/**
 * Brings an invoice's deadline to `seconds` from now on the server's clock, as if it had been made with the shortest
 * expiry (300 s) that long ago: the open API refuses anything shorter, and a journey cannot wait five minutes. What
 * follows is the product's own: the page counts down to the new deadline, the server's expiry sweep (every 5 s) ends
 * the invoice, and the page hears it on its stream.
 */
export async function bringDeadlineNear(databaseUrl: string, invoiceId: string, seconds: number): Promise<void> {
  if (!databaseUrl) throw new Error("moving an invoice's deadline needs the server's database (not with E2E_BASE_URL)");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const moved = await client.query(
      "update invoices set expires_at = now() + make_interval(secs => $2) where public_id = $1 and status = 'new'",
      [invoiceId, seconds],
    );
    if (moved.rowCount !== 1) throw new Error(`invoice ${invoiceId} is not new: its deadline stays`);
  } finally {
    await client.end();
  }
}
