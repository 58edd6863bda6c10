//! The target on interfaces: each switch port's program attached to its
//! interface by a BPF link (native XDP where the driver has it, generic
//! otherwise), the device map that names each port's interface, and the
//! per-port counters the programs keep.
//!
//! A link belongs to the process: dropping [`Attached`] detaches every
//! program, and so does the process ending in any way (the kernel closes the
//! links' descriptors), so no interface is left with a stale program.

use std::collections::BTreeMap;

use bpf::{Link, XdpMode};
use serde::Serialize;

use crate::layout::ports;
use crate::switch::{XdpError, XdpSwitch};

/// A switch port and its interface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// Switch port number.
    pub port: u16,
    /// Interface name (in the process's network namespace).
    pub interface: String,
}

/// Programs attached to interfaces.
#[derive(Debug)]
pub struct Attached {
    links: Vec<(Binding, Link)>,
    _programs: Vec<bpf::Program>,
}

/// One port's frames, summed over CPUs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PortCounts {
    /// Frames that arrived on the port.
    pub rx: u64,
    /// Frames sent out of the port.
    pub tx: u64,
    /// Frames that arrived on the port and were dropped.
    pub dropped: u64,
}

impl Attached {
    /// Each binding with the mode its program runs in.
    pub fn modes(&self) -> Vec<(Binding, XdpMode)> {
        self.links
            .iter()
            .map(|(b, l)| (b.clone(), l.mode()))
            .collect()
    }
}

impl XdpSwitch {
    /// Attaches the program of every binding's port to its interface and
    /// names the interfaces in the device map. `link_port` is the server
    /// link's port ([`crate::Mode::Live`]); `only` forces native or generic XDP.
    pub fn attach(
        &self,
        bindings: &[Binding],
        link_port: Option<u16>,
        only: Option<XdpMode>,
    ) -> Result<Attached, XdpError> {
        let devmap = self.map(self.compiled().plan.devmap);
        let mut found = Vec::with_capacity(bindings.len());
        for b in bindings {
            let ifindex = bpf::ifindex(&b.interface).map_err(|source| {
                XdpError::Bpf(bpf::Error::Sys {
                    op: "find interface",
                    source,
                })
            })?;
            devmap.update(
                &u32::from(b.port).to_ne_bytes(),
                &ifindex.to_ne_bytes(),
                bpf::map::Update::Any,
            )?;
            found.push((b, ifindex));
        }
        let mut links = Vec::new();
        let mut programs = Vec::new();
        for (b, ifindex) in found {
            let prog = self.load_port_program(b.port, link_port)?;
            let link = prog.attach_xdp(ifindex, only).map_err(|e| match e {
                bpf::Error::Sys { source, .. } => XdpError::Bpf(bpf::Error::Sys {
                    op: "attach the XDP program (BPF_LINK_CREATE)",
                    source,
                }),
                other => XdpError::Bpf(other),
            })?;
            links.push((b.clone(), link));
            programs.push(prog);
        }
        Ok(Attached {
            links,
            _programs: programs,
        })
    }

    /// Punts that arrive on `port`'s receive queue `queue` go to the AF_XDP
    /// socket `fd` (bound to that queue, e.g. `port::AfXdp::bind_only`).
    /// Queues from [`crate::plan::PUNT_QUEUES`] on are refused.
    pub fn add_punt_socket(
        &self,
        port: u16,
        queue: u32,
        fd: std::os::fd::BorrowedFd<'_>,
    ) -> Result<(), XdpError> {
        use std::os::fd::AsRawFd;
        if queue >= crate::plan::PUNT_QUEUES {
            return Err(XdpError::PuntQueue {
                port,
                queue,
                max: crate::plan::PUNT_QUEUES,
            });
        }
        let key = u32::from(port) * crate::plan::PUNT_QUEUES + queue;
        let value = fd.as_raw_fd() as u32;
        self.map(self.compiled().plan.xsks).update(
            &key.to_ne_bytes(),
            &value.to_ne_bytes(),
            bpf::map::Update::Any,
        )?;
        Ok(())
    }

    /// Frames per port so far (ports with any).
    pub fn port_counts(&self) -> Result<BTreeMap<u16, PortCounts>, XdpError> {
        let map = self.map(self.compiled().plan.ports);
        let mut out = BTreeMap::new();
        for port in 0..ports::COUNT {
            let Some(cells) = map.lookup_percpu(&port.to_ne_bytes())? else {
                continue;
            };
            let word =
                |c: &[u8], o: usize| u64::from_ne_bytes(c[o..o + 8].try_into().unwrap_or([0; 8]));
            let c = cells
                .iter()
                .fold(PortCounts::default(), |acc, c| PortCounts {
                    rx: acc.rx + word(c, ports::RX),
                    tx: acc.tx + word(c, ports::TX),
                    dropped: acc.dropped + word(c, ports::DROP),
                });
            if c != PortCounts::default() {
                out.insert(port as u16, c);
            }
        }
        Ok(out)
    }

    /// A reader of `--record`'s ring buffer (None when not recording).
    pub fn record_reader(&self) -> Result<Option<bpf::ringbuf::RingReader>, XdpError> {
        match self.compiled().plan.record {
            Some(r) => Ok(Some(bpf::ringbuf::RingReader::new(self.map(r))?)),
            None => Ok(None),
        }
    }
}
