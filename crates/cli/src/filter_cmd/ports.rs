//! Forwarded packets written per output port.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use filter::tracker::Verdict;
use trace::pcap::{PcapWriter, Resolution};

/// Forwarded packets per output port (`NAME.port0.pcap`, `NAME.port1.pcap`),
/// stamped with their departure time, in arrival order.
pub(crate) struct PortWriters {
    w: [PcapWriter<BufWriter<File>>; 2],
    paths: [PathBuf; 2],
}

impl PortWriters {
    pub(crate) fn create(dir: &Path, name: &str) -> anyhow::Result<PortWriters> {
        let paths = [0, 1].map(|p| dir.join(format!("{name}.port{p}.pcap")));
        let open = |p: &Path| -> anyhow::Result<PcapWriter<BufWriter<File>>> {
            let f = File::create(p).with_context(|| format!("cannot create {}", p.display()))?;
            Ok(PcapWriter::new(BufWriter::new(f), Resolution::Nanosecond)?)
        };
        Ok(PortWriters {
            w: [open(&paths[0])?, open(&paths[1])?],
            paths,
        })
    }

    pub(crate) fn write(&mut self, v: Verdict, ts: u64, frame: &[u8]) -> anyhow::Result<()> {
        if let Verdict::Forward(p @ 0..=1) = v {
            self.w[p as usize]
                .write(ts, frame)
                .with_context(|| format!("writing {}", self.paths[p as usize].display()))?;
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> anyhow::Result<()> {
        for (w, p) in self.w.into_iter().zip(self.paths.iter()) {
            w.into_inner()
                .flush()
                .with_context(|| format!("cannot write {}", p.display()))?;
        }
        Ok(())
    }
}
