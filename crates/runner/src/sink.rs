//! Where forwarded packets go: one pcap stream per output port.
//!
//! [`PcapDir`] writes `DIR/portN.pcap` files (nanosecond timestamps, so a run's
//! output replays with the exact times it was given); [`PcapMemory`] keeps the
//! same pcap bytes in memory (benchmarks); [`PacketLog`] keeps the packets
//! themselves (tests, comparing engines). The runner says where each packet
//! came from ([`Sink::write_from`]); `tandem check` streams that into its
//! comparison ([`crate::diff`]).

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use trace::PcapError;
use trace::pcap::{PcapWriter, Resolution};

/// A packet could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SinkError {
    /// The output directory or a port file could not be created or written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The pcap writer refused the packet or failed.
    #[error("{path}: {source}")]
    Pcap {
        /// The port file.
        path: PathBuf,
        /// Why.
        source: PcapError,
    },
}

/// Where a packet out came from, as the runner knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// The engine input it came from: the 0-based count of packets handed
    /// to the engine before it (as [`crate::Released::input`]).
    pub input: u64,
    /// The engine held it and let it out later (output commit).
    pub held: bool,
}

/// Receives every packet an engine forwards, in the order forwarded.
pub trait Sink {
    /// One packet leaving `port` at `ts_ns`.
    fn write(&mut self, port: u16, ts_ns: u64, frame: &[u8]) -> Result<(), SinkError>;
    /// [`Sink::write`] with where the packet came from; the runner calls
    /// this. Sinks that do not care keep the default, which writes.
    fn write_from(
        &mut self,
        port: u16,
        ts_ns: u64,
        frame: &[u8],
        from: Origin,
    ) -> Result<(), SinkError> {
        let _ = from;
        self.write(port, ts_ns, frame)
    }
    /// Flushes and closes every output (called once at the end of a run, also
    /// after a fault, so what was processed is kept). Nothing is written after.
    fn finish(&mut self) -> Result<(), SinkError>;
}

/// `DIR/portN.pcap` for every port a packet leaves on (and the ports named at
/// creation, even if nothing leaves them, so a run's outputs are predictable).
#[derive(Debug)]
pub struct PcapDir {
    dir: PathBuf,
    writers: BTreeMap<u16, PcapWriter<BufWriter<File>>>,
    created: Vec<u16>,
    finished: bool,
}

impl PcapDir {
    /// Creates `dir` (and parents) and `portN.pcap` for each of `ports`.
    pub fn create(dir: &Path, ports: &[u16]) -> Result<PcapDir, SinkError> {
        std::fs::create_dir_all(dir).map_err(|source| SinkError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let mut sink = PcapDir {
            dir: dir.to_path_buf(),
            writers: BTreeMap::new(),
            created: Vec::new(),
            finished: false,
        };
        for &p in ports {
            sink.writer(p)?;
        }
        Ok(sink)
    }

    /// The file packets leaving `port` are written to.
    pub fn path(&self, port: u16) -> PathBuf {
        port_path(&self.dir, port)
    }

    /// Paths of all files created, by port.
    pub fn paths(&self) -> Vec<(u16, PathBuf)> {
        let mut ports = self.created.clone();
        ports.sort_unstable();
        ports.into_iter().map(|p| (p, self.path(p))).collect()
    }

    fn writer(&mut self, port: u16) -> Result<&mut PcapWriter<BufWriter<File>>, SinkError> {
        if self.finished {
            return Err(SinkError::Io {
                path: self.path(port),
                source: std::io::Error::other("the run's outputs are already closed"),
            });
        }
        // The file's path is built where a file is created or an error names
        // it, not for every packet (two allocations a packet).
        match self.writers.entry(port) {
            Entry::Occupied(e) => Ok(e.into_mut()),
            Entry::Vacant(e) => {
                let path = port_path(&self.dir, port);
                let file = File::create(&path).map_err(|source| SinkError::Io {
                    path: path.clone(),
                    source,
                })?;
                let w = PcapWriter::new(BufWriter::new(file), Resolution::Nanosecond)
                    .map_err(|source| SinkError::Pcap { path, source })?;
                self.created.push(port);
                Ok(e.insert(w))
            }
        }
    }
}

/// The file of `port`'s packets in `dir`.
fn port_path(dir: &Path, port: u16) -> PathBuf {
    dir.join(format!("port{port}.pcap"))
}

impl Sink for PcapDir {
    fn write(&mut self, port: u16, ts_ns: u64, frame: &[u8]) -> Result<(), SinkError> {
        match self.writer(port)?.write(ts_ns, frame) {
            Ok(()) => Ok(()),
            Err(source) => Err(SinkError::Pcap {
                path: self.path(port),
                source,
            }),
        }
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        self.finished = true;
        let mut first_err = None;
        // Close every file even if one fails, so the others keep their packets.
        for (port, w) in std::mem::take(&mut self.writers) {
            if let Err(source) = w.into_inner().flush() {
                first_err.get_or_insert(SinkError::Io {
                    path: self.path(port),
                    source,
                });
            }
        }
        first_err.map_or(Ok(()), Err)
    }
}

/// The same pcap bytes as [`PcapDir`], kept in memory by port.
#[derive(Debug, Default)]
pub struct PcapMemory {
    writers: BTreeMap<u16, PcapWriter<Vec<u8>>>,
}

impl PcapMemory {
    /// An empty sink.
    pub fn new() -> PcapMemory {
        PcapMemory::default()
    }

    /// The pcap file bytes of each port that received packets.
    pub fn into_files(self) -> BTreeMap<u16, Vec<u8>> {
        self.writers
            .into_iter()
            .map(|(p, w)| (p, w.into_inner()))
            .collect()
    }
}

impl Sink for PcapMemory {
    fn write(&mut self, port: u16, ts_ns: u64, frame: &[u8]) -> Result<(), SinkError> {
        let pcap_err = |source| SinkError::Pcap {
            path: PathBuf::from(format!("<memory>/port{port}.pcap")),
            source,
        };
        let w = match self.writers.entry(port) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                e.insert(PcapWriter::new(Vec::new(), Resolution::Nanosecond).map_err(pcap_err)?)
            }
        };
        w.write(ts_ns, frame).map_err(pcap_err)
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}

/// One forwarded packet, as recorded by [`PacketLog`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Emitted {
    /// Port it left on.
    pub port: u16,
    /// Time it left.
    pub ts_ns: u64,
    /// Its bytes.
    pub frame: Vec<u8>,
}

/// Keeps every forwarded packet in order (for tests and differential checks
/// between engines). Two logs are equal when they hold the same packets in
/// the same order: which of them an engine held first is how it delivered
/// them, not what it sent.
#[derive(Debug, Default, Clone)]
pub struct PacketLog {
    /// Everything forwarded, in order.
    pub packets: Vec<Emitted>,
    /// Indices into `packets` of those the engine had held (output commit):
    /// a comparison lets them sit elsewhere in their flow
    /// ([`crate::diff`]).
    pub held: Vec<usize>,
}

impl PartialEq for PacketLog {
    fn eq(&self, other: &PacketLog) -> bool {
        self.packets == other.packets
    }
}

impl Eq for PacketLog {}

impl Sink for PacketLog {
    fn write(&mut self, port: u16, ts_ns: u64, frame: &[u8]) -> Result<(), SinkError> {
        self.packets.push(Emitted {
            port,
            ts_ns,
            frame: frame.to_vec(),
        });
        Ok(())
    }

    fn write_from(
        &mut self,
        port: u16,
        ts_ns: u64,
        frame: &[u8],
        from: Origin,
    ) -> Result<(), SinkError> {
        if from.held {
            self.held.push(self.packets.len());
        }
        self.write(port, ts_ns, frame)
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}
