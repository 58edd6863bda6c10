//! A daemon's counters at one status tick, as metric families.
//!
//! A family is a name, a help text, a type and its samples, one per label
//! set. Counters are what the daemon counted since it started (the
//! exposition adds `_total`); gauges are levels now (entries installed,
//! packets held). A name's first use fixes its help and type: samples added
//! later under it with another type are a bug in the caller and are
//! dropped rather than served as a malformed exposition.

use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;

/// A metric's labels, as (name, value) pairs.
type Labels = Vec<(String, String)>;

/// What a family holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Counter,
    Gauge,
}

/// One sample's value.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Value {
    Count(u64),
    Level(f64),
}

/// One metric family.
#[derive(Debug, Clone)]
struct Family {
    name: String,
    help: String,
    kind: Kind,
    samples: Vec<(Labels, Value)>,
}

/// Counters and gauges to serve until the next snapshot replaces them.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    families: Vec<Family>,
}

impl Snapshot {
    /// An empty snapshot.
    pub fn new() -> Snapshot {
        Snapshot::default()
    }

    /// Counter `name` (without `_total`) with `labels` at `value`.
    pub fn counter(&mut self, name: &str, help: &str, labels: &[(&str, &str)], value: u64) {
        self.add(name, help, Kind::Counter, labels, Value::Count(value));
    }

    /// Gauge `name` with `labels` at `value`.
    pub fn gauge(&mut self, name: &str, help: &str, labels: &[(&str, &str)], value: f64) {
        self.add(name, help, Kind::Gauge, labels, Value::Level(value));
    }

    /// The value of `name` with exactly `labels`, if the snapshot has it
    /// (counts as floating point).
    pub fn get(&self, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        let f = self.families.iter().find(|f| f.name == name)?;
        f.samples
            .iter()
            .find(|(l, _)| same(l, labels))
            .map(|(_, v)| match v {
                Value::Count(n) => *n as f64,
                Value::Level(x) => *x,
            })
    }

    /// Whether nothing was added.
    pub fn is_empty(&self) -> bool {
        self.families.is_empty()
    }

    fn add(&mut self, name: &str, help: &str, kind: Kind, labels: &[(&str, &str)], v: Value) {
        let labels: Labels = labels
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        match self.families.iter_mut().find(|f| f.name == name) {
            Some(f) if f.kind == kind => match f.samples.iter_mut().find(|(l, _)| *l == labels) {
                Some(s) => s.1 = v,
                None => f.samples.push((labels, v)),
            },
            Some(_) => {}
            None => self.families.push(Family {
                name: name.to_string(),
                help: help.to_string(),
                kind,
                samples: vec![(labels, v)],
            }),
        }
    }

    /// Encodes every family (a collector's part of a scrape).
    pub(crate) fn encode(&self, mut encoder: DescriptorEncoder<'_>) -> Result<(), std::fmt::Error> {
        for f in &self.families {
            let kind = match f.kind {
                Kind::Counter => MetricType::Counter,
                Kind::Gauge => MetricType::Gauge,
            };
            let mut m = encoder.encode_descriptor(&f.name, &f.help, None, kind)?;
            for (labels, v) in &f.samples {
                let e = m.encode_family(labels)?;
                match *v {
                    Value::Count(n) => ConstCounter::new(n).encode(e)?,
                    Value::Level(x) => ConstGauge::new(x).encode(e)?,
                }
            }
        }
        Ok(())
    }
}

/// Whether `l` is exactly `want`.
fn same(l: &Labels, want: &[(&str, &str)]) -> bool {
    l.len() == want.len()
        && l.iter()
            .zip(want)
            .all(|((k, v), (wk, wv))| k == wk && v == wv)
}
