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
  /** The rule id (ErrorInfo's reason), e.g. "KW-T2", "NOT_YOUR_TURN", "STALE_VERSION". */
  rule: string;
  /** The server's sentence. */
  message: string;
  code: Code;
}

/** What an error says, in a person's words: its rule id and reason. */
export function refusal(err: unknown): Refusal {
  const e = ConnectError.from(err);
  const info = e.findDetails(ErrorInfoSchema)[0];
  return { rule: info?.reason ?? "", message: e.rawMessage || String(e.code), code: e.code };
}

export { Code, ConnectError };
