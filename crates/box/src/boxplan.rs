//! What a box runs, resolved before anything starts: its validated
//! configuration, the classifier built from it and every hyperapp's
//! applications from the catalogue; it makes the per-core workers. The engine
//! runs it, the summary counts by it.

use plan::config::BoxConfig;

use crate::catalog::{App, Catalogue};
use crate::classify::Classifier;
use crate::error::BoxError;
use crate::shim::Shim;
use crate::worker::{CoreStats, CoreWorker};

/// A validated configuration with its classifier and the programs of every
/// hyperapp's applications: everything needed to start workers.
#[derive(Debug, Clone)]
pub struct BoxPlan {
    /// The configuration.
    pub config: BoxConfig,
    /// Its classifier.
    pub classifier: Classifier,
    /// Per box-local hyperapp (as [`Classifier::labels`]): its applications in order.
    pub apps: Vec<Vec<App>>,
    /// Module reuse: applications of a hyperapp instance that declare the same
    /// module share one instance of it (default on).
    pub reuse: bool,
}

impl BoxPlan {
    /// Validates `config` (again: nothing starts half-configured) and resolves
    /// every application in the catalogue.
    pub fn new(config: BoxConfig, catalogue: &Catalogue) -> Result<BoxPlan, BoxError> {
        config.validate()?;
        let classifier = Classifier::new(&config);
        let mut apps: Vec<Vec<App>> = vec![Vec::new(); classifier.labels().len()];
        for (i, a) in config.assignments.iter().enumerate() {
            let h = classifier
                .labels()
                .iter()
                .position(|l| *l == a.label)
                .unwrap_or(0);
            let mut chain = Vec::new();
            for name in &a.hyperapp {
                let app = catalogue.get(name).ok_or_else(|| BoxError::MissingApp {
                    node: config.node.clone(),
                    assignment: i,
                    class: a.class,
                    app: name.clone(),
                    known: catalogue.names().collect::<Vec<_>>().join(", "),
                })?;
                chain.push(app.clone());
            }
            apps[h] = chain;
        }
        Ok(BoxPlan {
            config,
            classifier,
            apps,
            reuse: true,
        })
    }

    /// Cores with at least one queue, ascending.
    pub fn cores(&self) -> Vec<u32> {
        let mut c: Vec<u32> = self.config.queues.iter().map(|q| q.core).collect();
        c.sort_unstable();
        c.dedup();
        c
    }

    /// Fresh workers, one per core of [`BoxPlan::cores`], each with an instance
    /// of every hyperapp that has a queue on it.
    pub fn workers(&self) -> Result<Vec<CoreWorker>, BoxError> {
        self.cores()
            .into_iter()
            .map(|core| {
                let mut shims = Vec::new();
                for (h, label) in self.classifier.labels().iter().enumerate() {
                    let here = self
                        .config
                        .queues
                        .iter()
                        .any(|q| q.core == core && q.hyperapp == *label);
                    shims.push(if here {
                        Some(Shim::new(
                            label,
                            &self.apps[h].iter().collect::<Vec<_>>(),
                            self.reuse,
                        )?)
                    } else {
                        None
                    });
                }
                Ok(CoreWorker {
                    shims,
                    stats: CoreStats {
                        core,
                        ..CoreStats::default()
                    },
                })
            })
            .collect()
    }
}
