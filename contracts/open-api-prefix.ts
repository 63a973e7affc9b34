/** Where the open API's routes live (contracts/open-api.ts): its own module, so the console's help names it alone. */
export const openApiPrefix = "/open/v1";
