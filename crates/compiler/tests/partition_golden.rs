//! Golden `partition.json` of the five example NFs (regenerate with
//! `TANDEM_BLESS=1`), plus facts about each partition that hold independently of
//! the golden files (Gallium §6.2: what is offloaded).

use compiler::model::{Label, Placement};
use compiler::{Compilation, Options, partition, report};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn compile(name: &str) -> Compilation {
    compile_with(name, &Options::default())
}

fn compile_with(name: &str, o: &Options) -> Compilation {
    let path = root().join(format!("examples/nf/{name}.nf"));
    let c = lang::compile_file(&path, &lang::Overrides::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    partition(&c.program, o).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The paper's placement: MazuNAT's counter on the switch.
fn paper_options() -> Options {
    Options {
        offload_stale_registers: true,
        ..Options::default()
    }
}

fn golden(name: &str, c: &Compilation) {
    let text = serde_json::to_string_pretty(&report::partition_json(c)).expect("json") + "\n";
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("testdata/{name}.partition.json"));
    if std::env::var_os("TANDEM_BLESS").is_some() {
        std::fs::write(&path, &text).expect("write golden");
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with TANDEM_BLESS=1)", path.display()));
    assert_eq!(
        text,
        want,
        "{name}: partition.json differs from {}",
        path.display()
    );
}

fn placement(c: &Compilation, state: &str) -> Placement {
    c.states
        .iter()
        .find(|s| s.name == state)
        .unwrap_or_else(|| panic!("no state {state}"))
        .placement
}

/// Labels of the first operation whose text contains `needle`.
fn labels_of(c: &Compilation, needle: &str) -> Vec<Label> {
    c.ops
        .iter()
        .find(|o| o.text.contains(needle))
        .unwrap_or_else(|| panic!("no op containing {needle}"))
        .labels
        .clone()
}

#[test]
fn every_operation_has_a_label() {
    for name in ["mazunat", "lb", "firewall", "proxy", "trojan"] {
        let c = compile(name);
        assert!(c.ops.iter().all(|o| !o.labels.is_empty()), "{name}");
        golden(name, &c);
    }
}

#[test]
fn firewall_and_proxy_stay_entirely_on_the_switch() {
    for name in ["firewall", "proxy"] {
        let c = compile(name);
        assert!(c.punts.is_empty(), "{name} punts: {:?}", c.punts);
        assert!(c.ops.iter().all(|o| o.labels == [Label::Pre]), "{name}");
        assert!(c.warnings.is_empty(), "{name}: {:?}", c.warnings);
    }
    assert_eq!(
        placement(&compile("firewall"), "whitelist"),
        Placement::SwitchTable
    );
}

/// By default the counter follows a lookup of a replicated map, so it stays
/// on the server, which decides stale-replica packets on its primary copy.
#[test]
fn mazunat_keeps_the_port_counter_on_the_server_by_default() {
    let c = compile("mazunat");
    assert_eq!(placement(&c, "nat_out"), Placement::Replicated);
    assert_eq!(placement(&c, "next_port"), Placement::Server);
    let plan = c
        .states
        .iter()
        .find(|s| s.name == "next_port")
        .expect("next_port");
    let reason = plan.reason.as_deref().unwrap_or("");
    assert!(reason.contains("@nat_out"), "{reason}");
    assert_eq!(labels_of(&c, "reg.get @next_port"), [Label::Server]);
    assert_eq!(labels_of(&c, "map.get @nat_out"), [Label::Pre]);
    // Two paths to the server: the new mapping, and the inbound miss of
    // nat_in (a miss punt that carries the missed key, so the server can
    // tell a key it holds but the switch does not yet).
    assert_eq!(c.punts.len(), 2);
    assert_eq!(
        labels_of(&c, "drop"),
        [Label::Pre],
        "non-IP drop on the switch"
    );
    let miss = c
        .punts
        .iter()
        .find(|p| {
            c.program.handler.blocks[p.at.block as usize]
                .insts
                .is_empty()
                && p.at.index == 0
        })
        .expect("the inbound miss punts");
    let nat_in_key = c
        .program
        .handler
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .find_map(|i| match &i.op {
            ir::Op::MapGet(s, k) if c.program.states[s.0 as usize].name == "nat_in" => Some(*k),
            _ => None,
        })
        .expect("nat_in lookup");
    assert_eq!(miss.values, vec![nat_in_key]);
    // Gallium's partition drops the inbound miss on the switch.
    let gallium = compile_with(
        "mazunat",
        &Options {
            drop_misses_on_switch: true,
            ..Options::default()
        },
    );
    assert_eq!(gallium.punts.len(), 1);
    // A register that follows no replicated lookup stays on the switch: the
    // load balancer and firewall have none, so check the option changes only
    // MazuNAT's counter.
    assert_eq!(
        placement(&compile_with("mazunat", &paper_options()), "next_port"),
        Placement::SwitchRegister
    );
}

#[test]
fn mazunat_offloads_tables_and_the_port_counter() {
    let c = compile_with("mazunat", &paper_options());
    assert_eq!(placement(&c, "nat_out"), Placement::Replicated);
    assert_eq!(placement(&c, "nat_in"), Placement::Replicated);
    assert_eq!(placement(&c, "next_port"), Placement::SwitchRegister);
    assert_eq!(labels_of(&c, "map.get @nat_out"), [Label::Pre]);
    assert_eq!(labels_of(&c, "reg.get @next_port"), [Label::Pre]);
    assert_eq!(labels_of(&c, "map.insert @nat_out"), [Label::Server]);
    // The rewrite runs on the fast path and after the server.
    assert_eq!(labels_of(&c, "set ipv4.src"), [Label::Pre, Label::Post]);
    // The new-mapping path and the inbound miss of nat_in.
    assert_eq!(c.punts.len(), 2);
    assert_eq!(c.resumes.len(), 1);
    // The allocated port travels to the server inside the transfer header.
    let reg_get = c
        .ops
        .iter()
        .find(|o| o.text.contains("reg.get"))
        .expect("reg.get");
    let port = c.program.handler.blocks[reg_get.at.block as usize].insts[reg_get.at.index as usize]
        .results[0]
        .0;
    assert!(c.punts[0].values.contains(&port));
}

#[test]
fn load_balancer_updates_connections_on_the_server() {
    let c = compile("lb");
    assert_eq!(placement(&c, "conns"), Placement::Replicated);
    assert_eq!(placement(&c, "backend_ips"), Placement::SwitchTable);
    assert_eq!(labels_of(&c, "map.get @conns"), [Label::Pre]);
    assert_eq!(labels_of(&c, "map.insert @conns"), [Label::Server]);
    assert_eq!(labels_of(&c, "map.remove @conns"), [Label::Server]);
    assert!(!c.punts.is_empty());
}

#[test]
fn trojan_payload_matching_and_events_stay_on_the_server() {
    let c = compile("trojan");
    assert_eq!(labels_of(&c, "payload.starts_with"), [Label::Server]);
    assert_eq!(labels_of(&c, "emit !trojan"), [Label::Server]);
    assert!(c.warnings.iter().any(|w| w.reason.contains("payload")));
    assert_eq!(labels_of(&c, "map.get @stage"), [Label::Pre]);
}

#[test]
fn a_register_the_server_needs_moves_to_the_server() {
    // The register is written after a payload test, which only the server can do.
    let text = "program r

state @hits: register<bit<32>> init 32w0

handler {
bb0:
  %0: bool = payload.starts_with \"GET\"
  br %0, bb1, bb2
bb1:
  %1: bit<32> = reg.get @hits
  %2: bit<32> = const 32w1
  %3: bit<32> = add %1, %2
  reg.set @hits, %3
  jump bb2
bb2:
  %4: bit<16> = const 16w1
  forward %4
}
";
    let c = partition(&ir::parse(text).expect("parses"), &Options::default()).expect("partitions");
    assert_eq!(placement(&c, "hits"), Placement::Server);
    assert!(c.warnings.iter().any(|w| w.subject == "state @hits"));
    assert_eq!(labels_of(&c, "reg.get"), [Label::Server]);
    assert_eq!(labels_of(&c, "forward"), [Label::Post]);
}

#[test]
fn a_map_too_large_for_the_switch_stays_on_the_server() {
    let text = "program big

state @m: map<bit<32>, bit<32>> capacity 50000000

handler {
bb0:
  %0: bit<32> = const 32w7
  %1: bool, %2: bit<32> = map.get @m, %0
  %3: bit<16> = const 16w1
  forward %3
}
";
    let c = partition(&ir::parse(text).expect("parses"), &Options::default()).expect("partitions");
    assert_eq!(placement(&c, "m"), Placement::Server);
    let reason = c.states[0].reason.clone().unwrap_or_default();
    assert!(reason.contains("does not fit"), "{reason}");
    assert_eq!(c.punts.len(), 1);
}
