"""The gRPC contract as other languages meet it: typed answers, no keyword field names, no
breaking change against the previous contract, error details stock tools decode, and
record files that are requests as they are."""

import base64
import json
import keyword
import pathlib
import shutil
import subprocess
import sys

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, json_format
from grpc_reflection.v1alpha import reflection_pb2

from moneycards.wire import WIRES, wire
from moneycards.server.reflection import V1_SERVICE, v1_classes
from moneycards.v1 import (common_pb2, kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc,
                           table_pb2, totom_pb2, totom_pb2_grpc)

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROTO = ROOT / "proto"
BUF = shutil.which("buf") or str(pathlib.Path(sys.executable).parent / "buf")
FILES = (common_pb2, totom_pb2, kowah_pb2, lukfu_pb2, table_pb2)
STUBS = {"totom": totom_pb2_grpc.TotomServiceStub, "kowah": kowah_pb2_grpc.KowahServiceStub,
         "lukfu": lukfu_pb2_grpc.LukFuServiceStub}

# Every string field of a response, with why its values are an open set. A string field
# not listed here fails the test: a closed set of values is an enum.
OPEN_STRINGS = {
    "cards": "card notation (NOTATION.md): any cards",
    "rule": "a rule id of the rules documents: grows with the rules",
    "text": "a sentence for people",
    "name": "a display name in Vietnamese",
    "action": "an action text with cards in it",
    "id": "an opaque id or token the server made",
    "game": "the game id of an observation: one constant per message type; a registered "
            "game's name (game_name), which grows with the games a server has",
    "verb": "an action's verb as its word: each game's own, a plug-in's included",
    "via": "how a win came, as the record and observation JSON keep it (DealResult)",
    "field": "a field path of the request",
    "reason": "ErrorInfo's reason: a rule id, or a kind of input error",
    "preset": "a rules preset by its name: the three games' presets are enums in their "
              "rules messages; a registered game's own grow with the games a server has",
}
RESPONSE_STRINGS = {
    "Violation.rule": "rule", "Violation.message": "text",
    "GameRecordCheck.rule": "rule", "GameRecordCheck.message": "text",
    "RankedAction.action": "action", "RankedAction.explanation": "text",
    "CheckHandResponse.hand": "cards", "CheckHandResponse.pairs": "cards",
    "CheckHandResponse.unpaired": "cards", "TotomBonus.name": "name",
    "TotomWait.card": "cards", "TotomRules.tom_cards": "cards",
    "CheckReadyResponse.hand": "cards", "CheckReadyResponse.waits": "cards",
    "CheckReadyResponse.discard": "cards", "CheckReadyResponse.draw": "cards",
    "KowahSplit.triplets": "cards",
    "CheckHandsResponse.violation_rules": "rule", "CheckReadyManyResponse.waits": "cards",
    "CheckReadyManyResponse.violation_rules": "rule", "BatchError.field": "field",
    "BatchError.reason": "reason", "BatchError.message": "text",
    "KowahSplit.pair": "cards", "KowahSplit.wait": "cards",
    "ComparePlaysResponse.rule": "rule", "ComparePlaysResponse.explanation": "text",
    "CheckPlayResponse.rule": "rule", "CheckPlayResponse.explanation": "text",
    "CheckPlayResponse.to_beat": "cards",
    "ProveOldResponse.old": "cards", "OldCardReason.card": "cards",
    "OldCardReason.rule": "rule", "OldCardReason.explanation": "text",
    "ScoreResponse.rule": "rule",
    # Tables
    "CreateTableResponse.table_id": "id", "SeatToken.token": "id",
    "CreateTableResponse.owner_token": "id", "TableView.table_id": "id",
    "TableSummary.table_id": "id", "SeatInfo.name": "name", "SeatArrival.name": "name",
    "TableView.result_text": "text", "TableView.game_title": "name",
    "TableView.queued_action": "action", "LegalAction.text": "action",
    "LegalAction.verb_name": "verb", "TableView.game_name": "game",
    "TableSummary.game_name": "game", "MatchRecord.game_name": "game",
    "GameInfo.name": "game", "GameInfo.title": "name", "GameInfo.presets": "preset",
    "LegalAction.cards": "cards", "TableEvent.action": "action", "TableEvent.lines": "text",
    "TableEvent.result_lines": "text",
    "TableEvent.drawn": "cards", "TakenBack.action": "action", "TakenBack.drawn": "cards",
    "DealResult.rule": "rule", "DealResult.via": "via",
    "DealResult.card": "cards", "ObservedBonus.key": "name", "ObservedBonus.name": "name",
    "ListTablesResponse.next_page_token": "id", "TableSeat.name": "name",
    "TotomObservation.game": "game", "TotomObservation.hand": "cards",
    "TotomObservation.legal_actions": "action", "ExposedPairs.pairs": "cards",
    "SeatCard.card": "cards", "TotomOffer.card": "cards", "TotomMemory.declined_chan": "cards",
    "TotomMemory.discarded": "cards", "TotomMemory.ca_from_hand": "cards",
    "KowahObservation.game": "game", "KowahObservation.hand": "cards",
    "KowahObservation.legal_actions": "action", "DeclaredEntry.value": "cards",
    "KowahDiscard.card": "cards", "KowahPublicDraw.card": "cards",
    "LukFuObservation.game": "game", "LukFuObservation.hand": "cards",
    "LukFuObservation.legal_actions": "action", "LukFuRecord.game": "game",
    "LukFuRecord.calls": "action", "LukFuAction.cards": "cards",
    "GameDeal.hands": "cards", "GameDeal.stock": "cards",
    "TotomServiceCheckGameRecordRequest.game": "game",
    "TotomServiceCheckGameRecordRequest.actions": "action",
    "KowahServiceCheckGameRecordRequest.game": "game",
    "KowahServiceCheckGameRecordRequest.actions": "action",
    "LukFuServiceCheckGameRecordRequest.game": "game",
    "LukFuServiceCheckGameRecordRequest.actions": "action",
}

KOTLIN = {"as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
          "interface", "is", "null", "object", "package", "return", "super", "this", "throw",
          "true", "try", "typealias", "typeof", "val", "var", "when", "while"}
SWIFT = {"associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func",
         "import", "init", "inout", "internal", "let", "open", "operator", "private",
         "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
         "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
         "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
         "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
         "super", "throws", "true", "try"}
GO = {"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
      "for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range",
      "return", "select", "struct", "switch", "type", "var"}
KEYWORDS = set(keyword.kwlist) | set(keyword.softkwlist) | KOTLIN | SWIFT | GO


def services(files=FILES):
    return [s for f in files for s in f.DESCRIPTOR.services_by_name.values()]


def walk(message, seen=None):
    """Every message type reachable from `message`, itself included (ours only)."""
    seen = {} if seen is None else seen
    if message.full_name in seen or not message.full_name.startswith("moneycards."):
        return seen
    seen[message.full_name] = message
    for f in message.fields:
        if f.message_type is not None:
            walk(f.message_type, seen)
    return seen


def closed_set_strings(svcs) -> list[str]:
    found = {}
    for s in svcs:
        for m in s.methods:
            found.update(walk(m.output_type))
    return sorted(f"{m.name}.{f.name}" for m in found.values() for f in m.fields
                  if f.type == f.TYPE_STRING and RESPONSE_STRINGS.get(f"{m.name}.{f.name}")
                  not in OPEN_STRINGS)


def keyword_names(svcs) -> list[str]:
    found = {}
    for s in svcs:
        for m in s.methods:
            found.update(walk(m.input_type))
            found.update(walk(m.output_type))
    return sorted(f"{m.name}.{f.name}" for m in found.values() for f in m.fields
                  if f.name in KEYWORDS or f.json_name in KEYWORDS)


def test_no_response_string_holds_a_closed_set():
    assert closed_set_strings(services()) == []


def test_no_field_is_named_after_a_keyword():
    assert keyword_names(services()) == []


def test_the_walkers_catch_what_v1_had():
    # CheckPlayResponse of v1: `string as` (a keyword) and `string role` (a closed set).
    proto = descriptor_pb2.FileDescriptorProto(name="old.proto", package="moneycards.old",
                                               syntax="proto3")
    msg = proto.message_type.add(name="CheckPlayResponse")
    for number, name in enumerate(("rule", "as", "role"), 1):
        msg.field.add(name=name, number=number, json_name=name,
                      type=descriptor_pb2.FieldDescriptorProto.TYPE_STRING,
                      label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL)
    svc = proto.service.add(name="OldService")
    svc.method.add(name="CheckPlay", input_type=".moneycards.old.CheckPlayResponse",
                   output_type=".moneycards.old.CheckPlayResponse")
    old = descriptor_pool.DescriptorPool().Add(proto)
    assert closed_set_strings(old.services_by_name.values()) == ["CheckPlayResponse.as",
                                                                 "CheckPlayResponse.role"]
    assert keyword_names(old.services_by_name.values()) == ["CheckPlayResponse.as"]


def test_every_file_names_its_language_packages():
    for f in FILES:
        options = f.DESCRIPTOR.GetOptions()
        assert options.go_package.endswith(";moneycardsv1"), f.DESCRIPTOR.name
        assert options.java_package == "org.moneycards.v1"
        assert options.csharp_namespace == "Moneycards.V1"


def test_rule_switches_are_a_preset_plus_named_switches_in_every_service():
    for rules in (totom_pb2.TotomRules, kowah_pb2.KowahRules, lukfu_pb2.LukFuRules):
        fields = rules.DESCRIPTOR.fields_by_name
        assert fields["preset"].enum_type.values[0].name.endswith("_UNSPECIFIED")
        switches = [f for f in rules.DESCRIPTOR.fields if f.name != "preset"]
        # a switch is on or off, or (R-Tôm-cards) names faces in notation; unset: the preset's
        assert switches and all(f.has_presence and (f.type == f.TYPE_BOOL or (
            f.type == f.TYPE_STRING and f.name == "tom_cards")) for f in switches)
    for msg in (w.record for w in WIRES.values()):
        assert msg.DESCRIPTOR.fields_by_name["rules"].message_type.name.endswith("Rules")


def test_no_breaking_change_against_the_previous_contract():
    r = subprocess.run([BUF, "breaking", "--against", "v1-baseline.binpb"], cwd=PROTO,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*-game.json")),
                         ids=lambda p: p.name)
def test_every_example_record_goes_through_its_rpc_as_it_is(channel, path):
    record = json.loads(path.read_text())
    game = record["game"]
    request = json_format.Parse(path.read_text(), wire(game).record())
    check = STUBS[game](channel).CheckGameRecord(request, timeout=60).check
    assert check.valid and check.complete and check.actions == len(record["actions"])
    assert check.outcome != common_pb2.DEAL_OUTCOME_UNSPECIFIED


def test_the_example_public_record_goes_through_prove_old_as_it_is(channel):
    text = (ROOT / "examples" / "lukfu-record.json").read_text()
    request = lukfu_pb2.ProveOldRequest(hand="7c 5m6m 1t2t 9t 5s 8t",
                                        record=json_format.Parse(text, lukfu_pb2.LukFuRecord()))
    r = lukfu_pb2_grpc.LukFuServiceStub(channel).ProveOld(request, timeout=30)
    assert set(r.old) == {"7c", "1t", "8t", "9t"} and r.can_claim


def test_records_the_cli_writes_are_the_json_form_of_the_request(tmp_path):
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    out = tmp_path / "deal.json"
    r = CliRunner().invoke(cli, ["kowah", "play", "--seed", "3", "--level", "random",
                                 "--record", str(out)], input="1\n" * 400)
    assert r.exit_code == 0, r.output
    written = json.loads(out.read_text())
    again = json_format.MessageToDict(json_format.ParseDict(
        written, kowah_pb2.KowahServiceCheckGameRecordRequest()),
        preserving_proto_field_name=True)
    assert again == {**written, "seed": str(written["seed"])}  # int64 maps to a string too


def reflect(channel, service, classes, *requests):
    call = channel.stream_stream(f"/{service}/ServerReflectionInfo",
                                 request_serializer=lambda m: m.SerializeToString(),
                                 response_deserializer=classes[1].FromString)
    return list(call(iter(requests), timeout=10))


@pytest.mark.parametrize("version", ["v1", "v1alpha"])
def test_reflection_serves_the_services_and_the_error_details(channel, version):
    if version == "v1":
        request_cls, response_cls = v1_classes()
        service = V1_SERVICE
    else:
        request_cls, response_cls = (reflection_pb2.ServerReflectionRequest,
                                     reflection_pb2.ServerReflectionResponse)
        service = reflection_pb2.DESCRIPTOR.services_by_name["ServerReflection"].full_name
    answers = reflect(channel, service, (request_cls, response_cls),
                      request_cls(list_services=""),
                      request_cls(file_containing_symbol="google.rpc.ErrorInfo"),
                      request_cls(file_by_filename="moneycards/v1/common.proto"))
    names = {s.name for s in answers[0].list_services_response.service}
    assert {"moneycards.v1.KowahService", V1_SERVICE,
            "grpc.reflection.v1alpha.ServerReflection"} <= names
    details = descriptor_pb2.FileDescriptorProto.FromString(
        answers[1].file_descriptor_response.file_descriptor_proto[0])
    assert details.name == "google/rpc/error_details.proto"
    common = [descriptor_pb2.FileDescriptorProto.FromString(b)
              for b in answers[2].file_descriptor_response.file_descriptor_proto]
    assert "google/rpc/error_details.proto" in common[0].dependency


def test_buf_curl_shows_bad_request_and_error_info_for_a_bad_hand(server_address, tmp_path):
    """`buf curl` through reflection v1 names both detail types; their values decode with
    the contract's own schema (`buf convert`), which serves google/rpc/error_details.proto."""
    r = subprocess.run([BUF, "curl", "--protocol", "grpc", "--http2-prior-knowledge",
                        "--reflect-protocol", "grpc-v1", "-d", '{"hand": "55c 5m"}',
                        f"http://{server_address}/moneycards.v1.KowahService/CheckReady"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    error = json.loads(r.stderr)
    assert error["code"] == "invalid_argument"
    details = {d["type"]: d for d in error["details"]}
    assert set(details) == {"google.rpc.BadRequest", "google.rpc.ErrorInfo"}
    decoded = {}
    for name, d in details.items():
        raw = tmp_path / f"{name}.binpb"
        raw.write_bytes(base64.b64decode(d["value"] + "=" * (-len(d["value"]) % 4)))
        c = subprocess.run([BUF, "convert", str(PROTO), "--type", name, "--from", str(raw),
                            "--to", "-#format=json"], capture_output=True, text=True, timeout=60)
        assert c.returncode == 0, c.stderr
        decoded[name] = json.loads(c.stdout)
    violation = decoded["google.rpc.BadRequest"]["fieldViolations"][0]
    assert violation["field"] == "hand" and violation["reason"] == "KW-R4"
    assert "8" in violation["description"]
    info = decoded["google.rpc.ErrorInfo"]
    assert info["reason"] == "KW-R4" and info["domain"] == "moneycards"
    assert info["metadata"] == {"field": "hand", "rule": "KW-R4"}
