//! Time-ordered merge of all connections' packets, and writing them as pcap.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::Write;

use super::Trace;
use super::model::{Connection, Side};
use crate::error::PcapError;
use crate::pcap::PcapWriter;

/// Packets reported to the progress callback between two calls.
const PROGRESS_EVERY: u64 = 4096;

/// Iterator over all packets of a trace in time order (ties: lower connection id
/// first, then packet index), yielding `(connection, packet index)`.
/// A k-way merge: O(log connections) per packet, no copy of the packets.
#[derive(Debug)]
pub struct PacketOrder<'a> {
    conns: &'a [Connection],
    heap: BinaryHeap<Reverse<(u64, u32, u32)>>,
}

impl<'a> PacketOrder<'a> {
    pub(crate) fn new(conns: &'a [Connection]) -> Self {
        let heap = conns
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.packets.first().map(|p| Reverse((p.ts_ns, i as u32, 0))))
            .collect();
        PacketOrder { conns, heap }
    }
}

impl<'a> Iterator for PacketOrder<'a> {
    type Item = (&'a Connection, usize);

    fn next(&mut self) -> Option<Self::Item> {
        let Reverse((_, c, i)) = self.heap.pop()?;
        let conn = self.conns.get(c as usize)?;
        if let Some(p) = conn.packets.get(i as usize + 1) {
            self.heap.push(Reverse((p.ts_ns, c, i + 1)));
        }
        Some((conn, i as usize))
    }
}

impl Trace {
    /// Writes every packet (or only those sent by `side`) in time order.
    /// `progress(done, total)` is called every few thousand packets and at the end.
    /// Returns the number of packets written.
    pub fn write_pcap<W: Write>(
        &self,
        out: &mut PcapWriter<W>,
        side: Option<Side>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<u64, PcapError> {
        let total = self.packet_count();
        let mut frame = Vec::with_capacity(2048);
        let mut done = 0;
        let mut written = 0;
        for (conn, i) in self.packets() {
            let Some(seg) = conn.packets.get(i) else {
                continue;
            };
            if side.is_none_or(|s| s == seg.side) {
                frame.clear();
                conn.write_frame(i, &mut frame);
                out.write(seg.ts_ns, &frame)?;
                written += 1;
            }
            done += 1;
            if done % PROGRESS_EVERY == 0 {
                progress(done, total);
            }
        }
        progress(total, total);
        Ok(written)
    }

    /// Writes client-sent packets to `client` and server-sent packets to `server`
    /// in one pass (for devices with an inside and an outside port).
    /// Returns (client packets, server packets).
    pub fn write_sides<C: Write, S: Write>(
        &self,
        client: &mut PcapWriter<C>,
        server: &mut PcapWriter<S>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(u64, u64), PcapError> {
        let total = self.packet_count();
        let mut frame = Vec::with_capacity(2048);
        let mut counts = (0, 0);
        let mut done = 0;
        for (conn, i) in self.packets() {
            let Some(seg) = conn.packets.get(i) else {
                continue;
            };
            frame.clear();
            conn.write_frame(i, &mut frame);
            match seg.side {
                Side::Client => {
                    client.write(seg.ts_ns, &frame)?;
                    counts.0 += 1;
                }
                Side::Server => {
                    server.write(seg.ts_ns, &frame)?;
                    counts.1 += 1;
                }
            }
            done += 1;
            if done % PROGRESS_EVERY == 0 {
                progress(done, total);
            }
        }
        progress(total, total);
        Ok(counts)
    }
}
