//! Holding the same control-plane state as a switch model: the model's
//! changes (`pipe::Applied`, in the emitted P4's names) written into the maps
//! as they take effect, so a lockstep run's XDP program sees what the model
//! sees at every packet.

use std::time::Duration;

use pipe::{Applied, ControlError};

use crate::switch::{XdpError, XdpSwitch};

impl XdpSwitch {
    /// The table whose write-back table is `p4_name` (`<table>_wb`), if it is one.
    fn write_back_of<'n>(&self, p4_name: &'n str) -> Option<&'n str> {
        let base = p4_name.strip_suffix("_wb")?;
        let p = self.program();
        if p.tables.iter().any(|t| t.name == p4_name) {
            return None;
        }
        p.tables
            .iter()
            .any(|t| t.name == base && t.write_back.is_some())
            .then_some(base)
    }

    /// Applies one change of the model's control plane at `now`.
    pub fn apply(&mut self, change: &Applied, now: Duration) -> Result<(), XdpError> {
        match change {
            Applied::Insert { table, entry } | Applied::Modify { table, entry } => {
                if let Some(base) = self.write_back_of(table) {
                    let delete = entry.action == format!("tandem_wb_delete_{base}");
                    let e = (!delete).then_some(entry);
                    return self.write_back(base, &entry.key, e, now);
                }
                if matches!(change, Applied::Insert { .. }) {
                    self.insert(table, entry, now)
                } else {
                    self.modify(table, entry, now)
                }
            }
            Applied::Delete { table, entry } => match self.write_back_of(table) {
                Some(base) => self.clear_write_back(base, &entry.key),
                None => self.delete(table, &entry.key, entry.priority),
            },
            Applied::Register {
                register,
                index,
                value,
            } => {
                if register == "tandem_wb_visible"
                    && self.program().registers.iter().all(|r| r.name != *register)
                {
                    if *index != 0 {
                        return Err(ControlError::IndexOutOfRange {
                            what: "register",
                            name: register.clone(),
                            index: *index,
                            size: 1,
                        }
                        .into());
                    }
                    return self.set_visible(*value != 0);
                }
                self.write_register(register, *index, *value)
            }
        }
    }

    /// Copies a switch model's whole control-plane state: table entries,
    /// register cells, meter configurations (for a lockstep run that starts
    /// after entries were installed).
    pub fn copy_state(&mut self, sw: &pipe::Switch, now: Duration) -> Result<(), XdpError> {
        let p = self.program().clone();
        for t in &p.tables {
            for e in sw.entries(&t.name)? {
                self.insert(&t.name, &e, now)?;
            }
        }
        for g in &p.registers {
            for (i, v) in sw.register_cells(&g.name)?.iter().enumerate() {
                if *v != 0 {
                    self.write_register(&g.name, i as u32, *v)?;
                }
            }
        }
        for m in &p.meters {
            for i in 0..m.size {
                let cfg = sw.meter_config(&m.name, i)?;
                if cfg.is_some() {
                    self.set_meter(&m.name, i, cfg)?;
                }
            }
        }
        Ok(())
    }
}
