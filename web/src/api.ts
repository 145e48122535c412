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

// A rule id as the rules number them (TT-W4, KW-R5, LF-O2) or a ruling (R-Tôm-cards).
const RULE_ID = /^(?:[A-Z]{2,3}-[A-Z]?[0-9]+|R-[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)$/u;

/** What an error says, in a person's words: the rule it cites (ErrorInfo's `rule`, or its
 * reason when that is a rule id: an error kind such as INVALID_NOTATION is not one) and
 * the server's sentence. */
export function refusal(err: unknown): Refusal {
  const e = ConnectError.from(err);
  const info = e.findDetails(ErrorInfoSchema)[0];
  const reason = info?.reason ?? "";
  const rule = info?.metadata["rule"] ?? (RULE_ID.test(reason) ? reason : "");
  return { rule, reason, message: e.rawMessage || String(e.code), code: e.code };
}

export { Code, ConnectError };
