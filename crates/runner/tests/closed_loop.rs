//! The closed loop itself, with tiny programs whose behaviour is obvious.

mod common;

use common::*;
use runner::{PacketLog, ReferenceEngine};
use trace::workload::GenOptions;

fn program(src: &str) -> ir::Program {
    lang::compile(
        "p",
        src,
        &lang::Overrides::new(),
        &lang::FsLoader { base: None },
    )
    .unwrap_or_else(|d| panic!("{d:?}"))
    .program
}

fn run(src: &str, trace: &trace::workload::Trace) -> (runner::Summary, Vec<runner::Emitted>) {
    let p = program(src);
    let mut e = ReferenceEngine::new(&p).unwrap_or_else(|e| panic!("{e}"));
    let o = runner::run_workload(&mut e, &p, trace, PacketLog::default(), &mut |_, _| {});
    assert!(o.output_error.is_none());
    (o.summary, o.sink.packets)
}

fn small() -> trace::workload::Trace {
    generate(&GenOptions {
        flows: 30,
        seed: 2,
        udp_share: 0.5,
        max_flow_bytes: Some(10_000),
        ..GenOptions::default()
    })
}

#[test]
fn nothing_reaches_the_servers_when_clients_are_dropped() {
    let trace = small();
    let (s, out) = run("on packet { drop(); }", &trace);
    let (c, sv) = side_counts(&trace);
    assert!(out.is_empty());
    assert_eq!(s.packets_in.get(&0), Some(&c));
    assert_eq!(s.packets_in.get(&1), None, "no server packet was sent");
    let lp = s.closed_loop.unwrap_or_default();
    assert_eq!(lp.server_packets_not_sent, sv);
    assert_eq!(lp.connections_reached_server, 0);
}

#[test]
fn dropped_replies_do_not_stop_the_loop() {
    let trace = small();
    let (s, out) = run(
        "on packet { if in_port == 0 { forward(1); } drop(); }",
        &trace,
    );
    let (c, sv) = side_counts(&trace);
    assert_eq!(
        s.packets_in.get(&0),
        Some(&c),
        "every client packet was sent"
    );
    assert_eq!(
        s.packets_in.get(&1),
        Some(&sv),
        "every server packet was sent"
    );
    assert_eq!(s.dropped, sv);
    assert!(out.iter().all(|e| e.port == 1));
}

#[test]
fn a_bridge_sees_the_trace_unchanged() {
    // With an NF that rewrites nothing, the loop's replies are the generator's
    // own server packets, byte for byte.
    let trace = small();
    let (_, out) = run("on packet { forward(in_port ^ 1); }", &trace);
    let mut expected = Vec::new();
    for (conn, i) in trace.packets() {
        let mut f = Vec::new();
        conn.write_frame(i, &mut f);
        expected.push(f);
    }
    let got: Vec<Vec<u8>> = out.into_iter().map(|e| e.frame).collect();
    assert_eq!(got.len(), expected.len());
    assert!(got == expected, "frames differ from the generated trace");
}

#[test]
fn replies_follow_a_rewritten_destination() {
    // Every client packet is sent to 192.0.2.1:7 instead: servers answer from there.
    let trace = small();
    let (_, out) = run(
        "on packet {
            if in_port == 0 {
                ipv4.dst = 192.0.2.1;
                if tcp.valid { tcp.dst_port = 7; } else if udp.valid { udp.dst_port = 7; }
                forward(1);
            }
            forward(0);
        }",
        &trace,
    );
    assert_checksums(&out);
    let back: Vec<_> = out.iter().filter(|e| e.port == 0).collect();
    assert_eq!(back.len() as u64, side_counts(&trace).1);
    for e in back {
        let x = ends(&e.frame);
        assert_eq!(
            x.src,
            "192.0.2.1:7".parse().unwrap_or_else(|e| panic!("{e}"))
        );
    }
}

/// Holds every packet from port 0 for `delay` ns (as output commit would), then
/// lets it out with the reference engine's verdict.
struct Holding {
    inner: ReferenceEngine,
    delay: u64,
    calls: u64,
    held: bool,
    queue: std::collections::VecDeque<runner::Released>,
}

impl runner::Engine for Holding {
    fn name(&self) -> &str {
        "holding"
    }
    fn process(
        &mut self,
        frame: &mut Vec<u8>,
        port: u16,
        now: u64,
    ) -> Result<runner::Verdict, runner::EngineError> {
        let input = self.calls;
        self.calls += 1;
        let v = self.inner.process(frame, port, now)?;
        self.held = false;
        if let (0, runner::Verdict::Forward(out)) = (port, v) {
            self.held = true;
            self.queue.push_back(runner::Released {
                input,
                port: Some(out),
                ts_ns: now + self.delay,
                frame: frame.clone(),
            });
        }
        Ok(v)
    }
    fn take_events(&mut self) -> Vec<runner::Event> {
        self.inner.take_events()
    }
    fn state_sizes(&self, now: u64) -> Vec<(String, usize)> {
        self.inner.state_sizes(now)
    }
    fn state_json(&self, now: u64) -> serde_json::Value {
        self.inner.state_json(now)
    }
    fn held(&self) -> bool {
        self.held
    }
    fn release(&mut self, now: u64, out: &mut Vec<runner::Released>) {
        while self.queue.front().is_some_and(|r| r.ts_ns <= now) {
            out.extend(self.queue.pop_front());
        }
    }
}

#[test]
fn held_packets_are_released_and_the_loop_follows_them() {
    let nat = compile("mazunat.nf", &[]);
    let trace = small();
    let (sync, sync_out) = run_loop(&nat, &trace);
    let mut e = Holding {
        inner: ReferenceEngine::new(&nat.program).unwrap_or_else(|e| panic!("{e}")),
        delay: 1_000,
        calls: 0,
        held: false,
        queue: Default::default(),
    };
    let o = runner::run_workload(
        &mut e,
        &nat.program,
        &trace,
        PacketLog::default(),
        &mut |_, _| {},
    );
    assert!(o.output_error.is_none());
    let s = o.summary;
    assert_eq!(s.packets_in, sync.packets_in, "every reply was still sent");
    assert_eq!(s.packets_out, sync.packets_out);
    let (held, plain) = (
        s.closed_loop.clone().unwrap_or_default(),
        sync.closed_loop.clone().unwrap_or_default(),
    );
    assert_eq!(
        held.connections_reached_server,
        plain.connections_reached_server
    );
    assert_eq!(held.server_packets_not_sent, plain.server_packets_not_sent);
    assert!(held.held_packets > 0 && plain.held_packets == 0);
    // Same frames per port; the held ones leave 1 µs later.
    let frames = |out: &[runner::Emitted], p: u16| {
        let mut v: Vec<Vec<u8>> = out
            .iter()
            .filter(|e| e.port == p)
            .map(|e| e.frame.clone())
            .collect();
        v.sort();
        v
    };
    for p in [0, 1] {
        assert!(
            frames(&o.sink.packets, p) == frames(&sync_out, p),
            "port {p}"
        );
    }
    let first = |out: &[runner::Emitted]| out.iter().find(|e| e.port == 1).map(|e| e.ts_ns);
    assert_eq!(first(&o.sink.packets), first(&sync_out).map(|t| t + 1_000));
}
