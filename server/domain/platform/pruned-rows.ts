/** The rows a delete (or an update that blanks them) touched, as the prune reports them. */
export const prunedRows = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }): number =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);
