// The page's clients: TableService and LukFuService over the Connect protocol (binary
// messages) to the page's own origin, and a refusal's rule id read from its ErrorInfo.
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { LukFuService } from "./gen/moneycards/v1/lukfu_pb.js";
import { TableService } from "./gen/moneycards/v1/table_pb.js";

const transport = createConnectTransport({ baseUrl: location.origin, useBinaryFormat: true });
export const tables = createClient(TableService, transport);
export const lukfu = createClient(LukFuService, transport);

export interface Refusal {
  /** The rule id the refused input breaks, e.g. "KW-T2"; empty when no rule is broken. */
  rule: string;
  /** ErrorInfo's reason: that rule id, or the kind of error ("INVALID_NOTATION",
   * "NOT_YOUR_TURN", "STALE_VERSION"), for code to switch on; never shown as a rule. */
  reason: string;
  /** The server's sentence. */
  message: string;
  code: Code;
}

/** What an error says, in a person's words: the rule it cites (ErrorInfo's metadata
 * `rule`, which the server sets whenever a rule is broken; an error kind such as
 * INVALID_NOTATION is no rule) and the server's sentence. */
export function refusal(err: unknown): Refusal {
  const e = ConnectError.from(err);
  const info = e.findDetails(ErrorInfoSchema)[0];
  return { rule: info?.metadata["rule"] ?? "", reason: info?.reason ?? "",
    message: e.rawMessage || String(e.code), code: e.code };
}

/** Whether CloseTable refused the token as no owner's: an owner token that is not the
 * table's (a link's, edited), or a seat's at a table of several people. */
export function notTheOwner(r: Refusal): boolean {
  return r.reason === "WRONG_OWNER_TOKEN" || r.reason === "OWNER_ONLY";
}

/** Whether a call failed for want of an answer (the server down or unreachable, the
 * connection lost) rather than by the server's refusal, which always names its reason. */
export function unanswered(r: Refusal): boolean {
  return !r.reason && [Code.Unavailable, Code.Unknown, Code.DeadlineExceeded].includes(r.code);
}

export { Code, ConnectError };
