//! Capture-file inputs: `[PORT=]FILE` arguments, merged by timestamp.
//!
//! # Merge order
//! Packets are processed in timestamp order across all inputs; on equal
//! timestamps the input given first goes first, and within one file the file's
//! own order is kept (a stable k-way merge). A file whose timestamps go
//! backwards is replayed in file order (its later packets are not reordered).
//!
//! # Faults
//! A fault in a file (truncated record, corrupt header, ...) ends *that* input:
//! every packet before the fault has been processed, the other inputs continue to
//! their end, and the fault is reported with file, packet number and byte offset.

use std::io::Read;
use std::path::{Path, PathBuf};

use trace::PcapError;
use trace::pcap::{Packet, PcapReader};

use crate::run::Runner;
use crate::sink::{Sink, SinkError};
use crate::summary::{InputFault, PcapSource};

/// One `--input [PORT=]FILE` argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputSpec {
    /// Port the file's packets enter (default 0).
    pub port: u16,
    /// The capture file.
    pub path: PathBuf,
}

impl std::str::FromStr for InputSpec {
    type Err = String;

    /// `FILE` (port 0) or `PORT=FILE`. A prefix before `=` that is not a port
    /// number is taken as part of the file name.
    fn from_str(s: &str) -> Result<InputSpec, String> {
        if s.is_empty() {
            return Err("empty input: expected [PORT=]FILE.pcap".to_string());
        }
        if let Some((p, f)) = s.split_once('=') {
            if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) {
                let port = p
                    .parse::<u16>()
                    .map_err(|_| format!("`{p}` in `{s}` is not a port number (0-65535)"))?;
                if f.is_empty() {
                    return Err(format!("`{s}` names no file after `=`"));
                }
                return Ok(InputSpec {
                    port,
                    path: PathBuf::from(f),
                });
            }
        }
        Ok(InputSpec {
            port: 0,
            path: PathBuf::from(s),
        })
    }
}

impl InputSpec {
    /// As recorded in the summary.
    pub fn source(&self) -> PcapSource {
        PcapSource {
            port: self.port,
            path: self.path.display().to_string(),
        }
    }
}

/// Turns a reader error into a located fault of `file`.
pub fn fault(file: &Path, e: &PcapError) -> InputFault {
    let pos = e.position();
    InputFault {
        file: file.display().to_string(),
        packet: pos.map(|p| p.packet),
        offset: pos.map(|p| p.offset),
        message: e.to_string(),
    }
}

/// An opened input: where its packets go and its next packet.
pub struct OpenInput<R> {
    /// The argument it came from.
    pub spec: InputSpec,
    reader: PcapReader<R>,
    head: Option<Packet>,
    /// Packets of this file read so far (the head's number, from 1).
    read: u64,
}

/// Opens each file; inputs that cannot be opened are returned as faults.
pub fn open_files(specs: &[InputSpec]) -> (Vec<OpenInput<std::fs::File>>, Vec<InputFault>) {
    let mut open = Vec::new();
    let mut faults = Vec::new();
    for s in specs {
        match PcapReader::open(&s.path) {
            Ok(r) => open.push(OpenInput::new(s.clone(), r)),
            Err(e) => faults.push(fault(&s.path, &e)),
        }
    }
    (open, faults)
}

impl<R: Read> OpenInput<R> {
    /// Wraps a reader whose file header has been read.
    pub fn new(spec: InputSpec, reader: PcapReader<R>) -> OpenInput<R> {
        OpenInput {
            spec,
            reader,
            head: None,
            read: 0,
        }
    }

    /// Reads the next packet into `head`; a fault ends this input.
    fn advance(&mut self, faults: &mut Vec<InputFault>) {
        self.head = match self.reader.next() {
            Some(Ok(p)) => {
                self.read += 1;
                Some(p)
            }
            Some(Err(e)) => {
                faults.push(fault(&self.spec.path, &e));
                None
            }
            None => None,
        };
    }
}

/// One packet of the merge, as [`merge`] hands it out.
pub struct Merged<'a> {
    /// Which input (index into the list given to [`merge`]).
    pub input: usize,
    /// Its number in that file, from 1 (as Wireshark counts).
    pub number: u64,
    /// The port it enters.
    pub port: u16,
    /// The packet.
    pub packet: &'a Packet,
}

/// Replays the inputs through `runner` in merge order (see the module docs).
/// `progress(bytes_read)` is called every few thousand packets. Returns the input
/// faults; an `Err` means an output could not be written (the run stopped there).
pub fn replay<R: Read, S: Sink>(
    runner: &mut Runner<'_, S>,
    inputs: Vec<OpenInput<R>>,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<InputFault>, SinkError> {
    merge(inputs, progress, &mut |m| {
        runner
            .packet(m.port, m.packet.ts_ns, &m.packet.data)
            .map(|_| ())
    })
}

/// Hands every packet of the inputs to `visit` in merge order (see the
/// module docs), reading one packet ahead per input. `progress(bytes_read)`
/// is called every few thousand packets. Returns the input faults; an `Err`
/// from `visit` stops the merge and is returned.
pub fn merge<R: Read, E>(
    mut inputs: Vec<OpenInput<R>>,
    progress: &mut dyn FnMut(u64),
    visit: &mut dyn FnMut(Merged<'_>) -> Result<(), E>,
) -> Result<Vec<InputFault>, E> {
    let mut faults = Vec::new();
    for i in &mut inputs {
        i.advance(&mut faults);
    }
    let mut n: u64 = 0;
    loop {
        // Few inputs: a linear scan beats a heap and keeps ties in argument order.
        let mut best: Option<(usize, u64)> = None;
        for (k, i) in inputs.iter().enumerate() {
            if let Some(p) = &i.head {
                if best.is_none_or(|(_, t)| p.ts_ns < t) {
                    best = Some((k, p.ts_ns));
                }
            }
        }
        let Some((k, _)) = best else { break };
        let Some(input) = inputs.get_mut(k) else {
            break;
        };
        if let Some(p) = input.head.take() {
            visit(Merged {
                input: k,
                number: input.read,
                port: input.spec.port,
                packet: &p,
            })?;
        }
        input.advance(&mut faults);
        n += 1;
        if n % 4096 == 0 {
            progress(inputs.iter().map(|i| i.reader.offset()).sum());
        }
    }
    progress(inputs.iter().map(|i| i.reader.offset()).sum());
    Ok(faults)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(s: &str) -> Result<InputSpec, String> {
        s.parse()
    }

    #[test]
    fn port_prefix_is_optional() {
        assert_eq!(
            parse("a.pcap"),
            Ok(InputSpec {
                port: 0,
                path: "a.pcap".into()
            })
        );
        assert_eq!(
            parse("1=dir/b.pcap"),
            Ok(InputSpec {
                port: 1,
                path: "dir/b.pcap".into()
            })
        );
        // Not a number before `=`: part of the name.
        assert_eq!(
            parse("x=1.pcap"),
            Ok(InputSpec {
                port: 0,
                path: "x=1.pcap".into()
            })
        );
        assert!(parse("70000=a.pcap").is_err_and(|e| e.contains("70000")));
        assert!(parse("1=").is_err());
        assert!(parse("").is_err());
    }

    proptest! {
        #[test]
        fn never_panics(s in ".*") {
            let _ = parse(&s);
        }

        #[test]
        fn port_and_path_round_trip(port: u16, path in "[a-z/._-][a-z0-9/._=-]{0,20}") {
            let spec = parse(&format!("{port}={path}"));
            prop_assert_eq!(spec, Ok(InputSpec { port, path: path.into() }));
        }
    }
}
