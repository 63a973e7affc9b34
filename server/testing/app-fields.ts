/** An application's fields as the console sends them to App/Add, named `name`. */
export const appFields = (name: string) => ({
  name,
  address: "https://shop.example.com",
  rechargeCallbackUrl: "https://shop.example.com/recharge",
  withdrawCallbackUrl: "https://shop.example.com/withdraw",
  remark: `${name} remark`,
});
