//! From the streaming comparison's findings to a [`CheckReport`]: where the
//! packets came from, the runs' names, the counts and the final state.

use serde::Serialize;

use super::{CheckReport, Compared, Divergence, Sent, Stopped};
use crate::InputSpec;
use crate::diff::{self, Mismatch, Side, Waiting};
use crate::sink::PacketLog;
use crate::summary::Summary;

/// The input packet a packet out (or an event) came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputRef {
    /// The capture file; none for a generated workload.
    pub file: Option<String>,
    /// The packet's number: in the file from 1 (as Wireshark counts), or
    /// for a generated workload in that run's input from 1.
    pub packet: u64,
}

impl std::fmt::Display for InputRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{file} packet {}", self.packet),
            None => write!(f, "generated packet {} of the run", self.packet),
        }
    }
}

/// The origin tag of a packet whose input is not known.
pub(super) const UNKNOWN: u64 = u64::MAX;
/// Tags of generated packets have this bit; capture tags hold the input's
/// index + 1 above bit 40 and the packet's number below.
const GENERATED: u64 = 1 << 63;
const NUMBER_BITS: u32 = 40;

/// The tag of packet `number` (from 1) of input `input`.
pub(super) fn capture_tag(input: usize, number: u64) -> u64 {
    ((input as u64 + 1) << NUMBER_BITS) | (number & ((1 << NUMBER_BITS) - 1))
}

/// The tag of a run's `calls`-th input packet (from 0) of a workload.
pub(super) fn generated_tag(call: u64) -> u64 {
    GENERATED | (call.saturating_add(1) & !GENERATED)
}

fn input_of(tag: u64, specs: &[InputSpec]) -> Option<InputRef> {
    if tag == UNKNOWN {
        return None;
    }
    if tag & GENERATED != 0 {
        return Some(InputRef {
            file: None,
            packet: tag & !GENERATED,
        });
    }
    let input = usize::try_from(tag >> NUMBER_BITS).ok()?.checked_sub(1)?;
    Some(InputRef {
        file: Some(specs.get(input)?.path.display().to_string()),
        packet: tag & ((1 << NUMBER_BITS) - 1),
    })
}

/// An event as the comparison keys it: name and fields (times move with
/// held packets).
pub(super) fn event_key(e: &serde_json::Value) -> String {
    serde_json::json!({"event": e["event"], "fields": e["fields"]}).to_string()
}

fn hex(frame: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(2 * frame.len());
    for b in frame {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn run_name(side: Side) -> &'static str {
    match side {
        Side::A => "reference",
        Side::B => "partitioned",
    }
}

/// Feeds two runs kept whole, by time (the partitioned run's packet first
/// on equal times, as a check feeds them), into `d`.
pub(super) fn feed_logs(d: &mut diff::Diff, r: &PacketLog, p: &PacketLog) {
    let held = |log: &PacketLog| {
        let mut v = vec![false; log.packets.len()];
        for &i in &log.held {
            if let Some(x) = v.get_mut(i) {
                *x = true;
            }
        }
        v
    };
    let (rh, ph) = (held(r), held(p));
    let (mut i, mut j) = (0, 0);
    while i < r.packets.len() || j < p.packets.len() {
        let take_p = match (r.packets.get(i), p.packets.get(j)) {
            (Some(a), Some(b)) => b.ts_ns <= a.ts_ns,
            (None, _) => true,
            (_, None) => false,
        };
        // An unbounded window never fills.
        if take_p {
            let e = &p.packets[j];
            let _ = d.packet(Side::B, e.port, &e.frame, UNKNOWN, ph[j]);
            j += 1;
        } else {
            let e = &r.packets[i];
            let _ = d.packet(Side::A, e.port, &e.frame, UNKNOWN, rh[i]);
            i += 1;
        }
    }
}

fn sent(p: diff::Packet, specs: &[InputSpec]) -> Sent {
    Sent {
        frame: hex(&p.frame),
        input: input_of(p.origin, specs),
    }
}

fn divergence(m: Mismatch, specs: &[InputSpec]) -> Divergence {
    let output = |port: u16, flow: diff::Flow, why, reference, partitioned| Divergence::Output {
        port,
        flow: flow.to_string(),
        why,
        reference,
        partitioned,
    };
    match m {
        Mismatch::Changed { port, flow, a, b } => output(
            port,
            flow,
            "differs",
            Some(sent(a, specs)),
            Some(sent(b, specs)),
        ),
        Mismatch::Reordered { port, flow, a, b } => output(
            port,
            flow,
            "order",
            Some(sent(a, specs)),
            Some(sent(b, specs)),
        ),
        Mismatch::Missing {
            port,
            flow,
            side: Side::A,
            packet,
        } => output(
            port,
            flow,
            "only_in_reference",
            Some(sent(packet, specs)),
            None,
        ),
        Mismatch::Missing {
            port,
            flow,
            side: Side::B,
            packet,
        } => output(
            port,
            flow,
            "only_in_partitioned",
            None,
            Some(sent(packet, specs)),
        ),
        Mismatch::Event {
            side,
            event,
            origin,
        } => Divergence::Event {
            only_in: run_name(side),
            event: serde_json::from_str(&event).unwrap_or(serde_json::Value::Null),
            input: input_of(origin, specs),
        },
    }
}

fn stopped(w: diff::WindowFull, specs: &[InputSpec]) -> Stopped {
    let mut s = Stopped {
        window: w.window,
        run: run_name(w.side),
        port: None,
        flow: None,
        frame: None,
        event: None,
        input: input_of(w.origin, specs),
    };
    match w.oldest {
        Waiting::Packet { port, flow, frame } => {
            s.port = Some(port);
            s.flow = Some(flow.to_string());
            s.frame = Some(hex(&frame));
        }
        Waiting::Event(e) => s.event = serde_json::from_str(&e).ok(),
    }
    s
}

/// The report: the comparison's findings, then (when it was not stopped)
/// the counts and, given the two final states, the state.
pub(super) fn build(
    out: diff::Outcome,
    window: usize,
    specs: &[InputSpec],
    reference: Summary,
    partitioned: Summary,
    states: Option<(StateTexts, StateTexts)>,
    metered: u64,
) -> CheckReport {
    let mut total = out.stats.mismatches;
    let (mut outputs, mut events) = (Vec::new(), Vec::new());
    for m in out.mismatches {
        match divergence(m, specs) {
            e @ Divergence::Event { .. } => events.push(e),
            o => outputs.push(o),
        }
    }
    let mut d = outputs;
    if out.stopped.is_none() {
        for (what, a, b) in [
            ("dropped", reference.dropped, partitioned.dropped),
            ("failed", reference.failed, partitioned.failed),
        ] {
            if a != b {
                total += 1;
                d.push(Divergence::Count {
                    what,
                    reference: a,
                    partitioned: b,
                });
            }
        }
    }
    d.extend(events);
    if let (None, Some((rs, ps))) = (&out.stopped, states) {
        let before = d.len();
        state(&rs, &ps, &mut d);
        total += (d.len() - before) as u64;
    }
    CheckReport {
        divergences: d,
        divergences_total: total,
        compared: Compared {
            stats: out.stats,
            window,
        },
        stopped: out.stopped.map(|w| stopped(w, specs)),
        reference,
        partitioned,
        metered,
    }
}

/// A final state as [`crate::Engine::state_texts`] gives it.
pub(super) type StateTexts = Vec<(String, String)>;

/// The objects whose texts differ, as values (parsed only then).
fn state(r: &StateTexts, p: &StateTexts, d: &mut Vec<Divergence>) {
    let find = |s: &StateTexts, n: &str| s.iter().find(|(m, _)| m == n).map(|(_, t)| t.clone());
    let names: std::collections::BTreeSet<&String> = r.iter().chain(p).map(|(n, _)| n).collect();
    let value = |t: Option<String>| {
        t.and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or(serde_json::Value::Null)
    };
    for n in names {
        let (a, b) = (find(r, n), find(p, n));
        if a != b {
            d.push(Divergence::State {
                object: n.clone(),
                reference: value(a),
                partitioned: value(b),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_their_input() {
        let specs: Vec<InputSpec> = vec![
            "a.pcap".parse().unwrap_or_else(|e| panic!("{e}")),
            "1=b.pcap".parse().unwrap_or_else(|e| panic!("{e}")),
        ];
        let at = |tag| input_of(tag, &specs).map(|i| i.to_string());
        assert_eq!(at(capture_tag(1, 17)).as_deref(), Some("b.pcap packet 17"));
        assert_eq!(at(capture_tag(0, 1)).as_deref(), Some("a.pcap packet 1"));
        assert_eq!(
            at(generated_tag(4)).as_deref(),
            Some("generated packet 5 of the run")
        );
        assert_eq!(at(UNKNOWN), None);
        assert_eq!(at(capture_tag(5, 1)), None, "no such input");
    }
}
