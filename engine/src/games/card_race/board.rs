//! Who stands where: one slot per cell of the course, and a count per row.

use super::events::RiderIdx;
use crate::course::{Course, Pos};

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board {
    offsets: Vec<u32>,
    widths: Vec<u8>,
    /// 0 for an empty cell, else the rider's index + 1.
    cells: Vec<u8>,
    counts: Vec<u8>,
}

impl Board {
    pub fn new(course: &Course) -> Self {
        let mut offsets = Vec::with_capacity(course.row_count() as usize);
        let mut widths = Vec::with_capacity(course.row_count() as usize);
        let mut total = 0u32;
        for row in course.rows() {
            offsets.push(total);
            widths.push(row.width());
            total += row.width() as u32;
        }
        Board {
            offsets,
            widths,
            cells: vec![0; total as usize],
            counts: vec![0; course.row_count() as usize],
        }
    }

    fn index(&self, pos: Pos) -> usize {
        debug_assert!(pos.lane < self.widths[pos.row as usize]);
        self.offsets[pos.row as usize] as usize + pos.lane as usize
    }

    pub fn at(&self, pos: Pos) -> Option<RiderIdx> {
        match self.cells[self.index(pos)] {
            0 => None,
            n => Some(n - 1),
        }
    }

    pub fn put(&mut self, pos: Pos, rider: RiderIdx) {
        let i = self.index(pos);
        debug_assert_eq!(self.cells[i], 0, "cell {pos:?} already taken");
        self.cells[i] = rider + 1;
        self.counts[pos.row as usize] += 1;
    }

    pub fn take(&mut self, pos: Pos) {
        let i = self.index(pos);
        debug_assert_ne!(self.cells[i], 0, "cell {pos:?} is empty");
        self.cells[i] = 0;
        self.counts[pos.row as usize] -= 1;
    }

    pub fn count(&self, row: u16) -> u8 {
        self.counts[row as usize]
    }

    pub fn is_empty_row(&self, row: u16) -> bool {
        self.counts[row as usize] == 0
    }

    /// The lowest free lane of a row: lane 0 (the right-hand lane) fills first.
    pub fn free_lane(&self, row: u16) -> Option<u8> {
        if self.counts[row as usize] >= self.widths[row as usize] {
            return None;
        }
        (0..self.widths[row as usize]).find(|&l| self.at(Pos::new(row, l)).is_none())
    }

    /// Riders of a row, lane 0 first.
    pub fn riders_in(&self, row: u16) -> impl Iterator<Item = (u8, RiderIdx)> + '_ {
        (0..self.widths[row as usize])
            .filter_map(move |l| self.at(Pos::new(row, l)).map(|r| (l, r)))
    }
}
