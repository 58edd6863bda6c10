#include <core.p4>
#include <v1model.p4>
header eth_t { bit<48> dst; bit<48> src; bit<16> etype; }
struct headers_t { eth_t eth; }
struct meta_t { }
parser P(packet_in pk, out headers_t h, inout meta_t m, inout standard_metadata_t s) {
  state start { pk.extract(h.eth); transition accept; }
}
control V(inout headers_t h, inout meta_t m) { apply { } }
control I(inout headers_t h, inout meta_t m, inout standard_metadata_t s) {
  action fwd(bit<9> port, bit<48> mac) { s.egress_spec = port; h.eth.src = mac; }
  action drop() { mark_to_drop(s); }
  table flows { key = { h.eth.dst: exact; h.eth.src: exact; } actions = { fwd; drop; } size = 131072; default_action = drop(); }
  apply { flows.apply(); }
}
control E(inout headers_t h, inout meta_t m, inout standard_metadata_t s) { apply { } }
control C(inout headers_t h, inout meta_t m) { apply { } }
control D(packet_out pk, in headers_t h) { apply { pk.emit(h.eth); } }
V1Switch(P(), V(), I(), E(), C(), D()) main;
