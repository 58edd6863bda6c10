//! The clock and the event queue.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A time-ordered queue of events of type `E`. Events at the same instant come
/// out in the order they were scheduled. `now` is the time of the last event
/// taken out.
#[derive(Debug)]
pub struct Scheduler<E> {
    heap: BinaryHeap<Reverse<(u64, u64, usize)>>,
    slots: Vec<Option<E>>,
    free: Vec<usize>,
    seq: u64,
    now: u64,
}

impl<E> Default for Scheduler<E> {
    fn default() -> Self {
        Scheduler {
            heap: BinaryHeap::new(),
            slots: Vec::new(),
            free: Vec::new(),
            seq: 0,
            now: 0,
        }
    }
}

impl<E> Scheduler<E> {
    /// An empty queue at time 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Current time (ns).
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Schedules `event` at `at` (ns); a time in the past means "now".
    pub fn schedule(&mut self, at: u64, event: E) {
        let at = at.max(self.now);
        let idx = match self.free.pop() {
            Some(i) => {
                self.slots[i] = Some(event);
                i
            }
            None => {
                self.slots.push(Some(event));
                self.slots.len() - 1
            }
        };
        self.heap.push(Reverse((at, self.seq, idx)));
        self.seq += 1;
    }

    /// Takes the earliest event and advances the clock to it.
    pub fn pop(&mut self) -> Option<(u64, E)> {
        let Reverse((at, _, idx)) = self.heap.pop()?;
        self.now = at;
        let e = self.slots.get_mut(idx)?.take()?;
        self.free.push(idx);
        Some((at, e))
    }

    /// Number of pending events.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// True when nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_come_out_in_time_order_and_ties_in_insertion_order() {
        let mut s = Scheduler::new();
        s.schedule(30, "c");
        s.schedule(10, "a");
        s.schedule(30, "d");
        s.schedule(20, "b");
        let order: Vec<_> = std::iter::from_fn(|| s.pop()).collect();
        assert_eq!(order, vec![(10, "a"), (20, "b"), (30, "c"), (30, "d")]);
        assert_eq!(s.now(), 30);
        // Scheduling in the past means now.
        s.schedule(5, "e");
        assert_eq!(s.pop(), Some((30, "e")));
        assert!(s.is_empty());
    }
}
