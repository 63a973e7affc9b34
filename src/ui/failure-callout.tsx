import { Callout } from "@blueprintjs/core";
import type { Failure } from "../../machines/api-failure.ts";
import { useServices } from "../app/services-context.tsx";

/** The server's refusal of a form, in the merchant's language. */
export function FailureCallout({ failure }: { failure: Failure | null }) {
  const { describeFailure } = useServices();
  if (!failure) return null;
  return (
    <Callout intent="danger" role="alert" className="form-failure" compact>
      {describeFailure(failure)}
    </Callout>
  );
}
