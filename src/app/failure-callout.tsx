import { Callout } from "@blueprintjs/core";
import { type Failure, isServerRefusal } from "../../machines/api-failure.ts";
import { useDescribeFailure } from "./services-context.tsx";

/**
 * The server's refusal of a form, in the merchant's language. `whenNoAnswer` replaces the text when the
 * server could not be reached or answered nonsense (the login page's 'Login error, please refresh and retry').
 */
export function FailureCallout({ failure, whenNoAnswer }: { failure: Failure | null; whenNoAnswer?: string }) {
  const describeFailure = useDescribeFailure();
  if (!failure) return null;
  return (
    <Callout intent="danger" role="alert" className="form-failure" compact>
      {whenNoAnswer && !isServerRefusal(failure) ? whenNoAnswer : describeFailure(failure)}
    </Callout>
  );
}
