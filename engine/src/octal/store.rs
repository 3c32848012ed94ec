//! Compact nim-value storage: two bytes a heap while every value fits in 16 bits, four after.
//!
//! The record games need about 4.4 × 10^8 heaps; at two bytes a heap they fit in about 1 GB.
//! The hot loops of [`super::fast`] are generic over [`Cell`], so they read either width at
//! full speed (one dispatch per heap, not per value).

/// One stored nim-value (`u16` or `u32`); XOR on cells lets the strike scan compare
/// options with a target in the cell's own width (eight `u16` lanes a vector).
pub trait Cell: Copy + Eq + Send + Sync + std::ops::BitXor<Output = Self> {
    /// The value as `u32`.
    fn get(self) -> u32;
    /// A value below `2^16` (`u16`) or any value (`u32`) as a cell; higher bits are dropped,
    /// so callers pass only values of the width stored.
    fn cell(value: u32) -> Self;
}

impl Cell for u16 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn cell(value: u32) -> Self {
        value as u16
    }
}

impl Cell for u32 {
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    #[inline(always)]
    fn cell(value: u32) -> Self {
        value
    }
}

/// Nim-values of heaps `0..len`: `u16` until a value needs more bits, then `u32`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Every value is below 2^16.
    Narrow(Vec<u16>),
    /// Some value needed more than 16 bits.
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::Narrow(Vec::new())
    }
}

impl Values {
    /// How many values are stored.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `n` (must be stored).
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::Narrow(v) => u32::from(v[n]),
            Values::Wide(v) => v[n],
        }
    }

    /// Appends a value, widening the storage when it needs more than 16 bits.
    pub fn push(&mut self, value: u32) {
        match self {
            Values::Narrow(v) => match u16::try_from(value) {
                Ok(narrow) => v.push(narrow),
                Err(_) => {
                    self.widen();
                    self.push(value);
                }
            },
            Values::Wide(v) => v.push(value),
        }
    }

    /// Stores every value as `u32` from now on (keeping the reserved room). `push` widens
    /// when a value needs it, and the browser's module solves in this width only, so its hot loops are compiled for one cell width (module size; its caps are small).
    pub fn widen(&mut self) {
        if let Values::Narrow(v) = self {
            let mut wide: Vec<u32> = Vec::with_capacity(v.capacity().max(v.len() + 1));
            wide.extend(v.iter().map(|&x| u32::from(x)));
            *self = Values::Wide(wide);
        }
    }

    /// Reserves room for `additional` more values.
    pub fn reserve(&mut self, additional: usize) {
        match self {
            Values::Narrow(v) => v.reserve_exact(additional),
            Values::Wide(v) => v.reserve_exact(additional),
        }
    }

    /// The first `len` values (at most those stored) as `u32`.
    pub fn to_vec(&self, len: usize) -> Vec<u32> {
        (0..len.min(self.len())).map(|n| self.get(n)).collect()
    }

    /// Bytes per stored value (2 or 4).
    pub fn width(&self) -> usize {
        match self {
            Values::Narrow(_) => 2,
            Values::Wide(_) => 4,
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::Narrow(v) => v.truncate(len),
            Values::Wide(v) => v.truncate(len),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_only_when_a_value_needs_it() {
        let mut values = Values::default();
        values.push(7);
        values.push(65_535);
        assert_eq!(values.width(), 2);
        values.push(65_536);
        assert_eq!(values.width(), 4);
        assert_eq!(values.to_vec(10), vec![7, 65_535, 65_536]);
        values.truncate(1);
        assert_eq!(values.to_vec(10), vec![7]);
    }
}
