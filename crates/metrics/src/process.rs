//! The process's own figures, read at each scrape:
//! `process_cpu_seconds_total`, user and system CPU time of every thread
//! (`CLOCK_PROCESS_CPUTIME_ID`, nanosecond resolution, no `/proc` parsing).

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use rustix::time::{ClockId, clock_gettime};

/// CPU time this process has used so far, in seconds.
pub fn cpu_seconds() -> f64 {
    let t = clock_gettime(ClockId::ProcessCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}

/// Encodes `process_cpu_seconds_total` (the name Prometheus's own clients
/// use for it).
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessCollector;

impl Collector for ProcessCollector {
    fn encode(&self, mut encoder: DescriptorEncoder<'_>) -> Result<(), std::fmt::Error> {
        let c = ConstCounter::new(cpu_seconds());
        let m = encoder.encode_descriptor(
            "process_cpu_seconds",
            "Total user and system CPU time spent in seconds.",
            None,
            c.metric_type(),
        )?;
        c.encode(m)
    }
}
