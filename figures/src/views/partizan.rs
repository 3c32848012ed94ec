//! Figures of partizan heap games: the outcome strip of heaps `0, 1, 2, …`, one cell per heap
//! coloured by its outcome class (L, R, P, N), for `heaplab partizan --figure` and the
//! partizan page's "Export figure…" alike. (The thermographs are in [`super::thermograph`].)

use heaplab_engine::partizan::sequence::SequenceReport;

use super::heaps::MAX_HEAPS;
use crate::{Body, Category, CellAxis, Cells, Figure, Strip};

/// The outcome classes in legend order, with what each means.
pub const OUTCOME_CLASSES: [(char, &str); 4] = [
    ('L', "L: Left wins (G > 0)"),
    ('R', "R: Right wins (G < 0)"),
    ('P', "P: second player wins (G = 0)"),
    ('N', "N: first player wins (G ‖ 0)"),
];

/// The legend entry of a heap whose class a reduced form leaves open (`?`).
const UNKNOWN: &str = "?: not decided by the reduced form";

/// The outcome letters of heaps `0..` as a strip, each class with its count; `?` (a class the
/// reduced form leaves open) only when some heap has it.
pub fn outcome_strip(outcomes: &str) -> Body {
    let class_of = |c: char| OUTCOME_CLASSES.iter().position(|(l, _)| *l == c);
    let indices: Vec<u32> = outcomes
        .chars()
        .map(|c| class_of(c).unwrap_or(OUTCOME_CLASSES.len()) as u32)
        .collect();
    let count = |i: usize| indices.iter().filter(|&&k| k as usize == i).count() as u64;
    let mut categories: Vec<Category> = OUTCOME_CLASSES
        .iter()
        .enumerate()
        .map(|(i, (_, name))| Category {
            count: Some(count(i)),
            ..Category::new(name)
        })
        .collect();
    let unknown = count(OUTCOME_CLASSES.len());
    if unknown > 0 {
        categories.push(Category {
            count: Some(unknown),
            ..Category::new(UNKNOWN)
        });
    }
    Body::Strip(Strip {
        x: CellAxis::integers("heap n", 0),
        cells: Cells::Categories {
            indices,
            categories,
        },
    })
}

/// The outcome strip of a sequence report's first [`MAX_HEAPS`] heaps, titled with the
/// ruleset and captioned with the period of the outcomes (and how it is known).
pub fn outcome_figure(report: &SequenceReport) -> Figure {
    let outcomes: String = report.outcomes.chars().take(MAX_HEAPS).collect();
    let shown = outcomes.chars().count();
    let title = format!(
        "{}: outcomes of heaps 0 to {}",
        report.ruleset,
        shown.saturating_sub(1)
    );
    let caption = match &report.outcome_period {
        Some(p) => format!("Outcomes: {} ({}).", p.summary(), p.basis),
        None => format!(
            "No period of the outcomes found up to heap {}.",
            report.outcomes.chars().count().saturating_sub(1)
        ),
    };
    Figure {
        caption,
        ..Figure::new(&title, outcome_strip(&outcomes))
    }
}

/// The `#/partizan` link of a family's table of heaps `0..terms` (`family` as the page names
/// it: `subtraction`, `breaking`, `duel`, `chessboard` or `bw` with its colouring `word`).
pub fn partizan_link(family: &str, (left, right): (&str, &str), word: &str, terms: u64) -> String {
    let n = terms.to_string();
    let mut pairs = vec![("family", family), ("L", left.trim()), ("R", right.trim())];
    pairs.push(("n", &n));
    if family == "bw" {
        pairs.push(("word", word.trim()));
    }
    super::page_link("partizan", &pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use heaplab_engine::partizan::heap::HeapRules;
    use heaplab_engine::partizan::sequence;
    use heaplab_engine::ruleset::NumberSet;
    use heaplab_engine::Budget;

    /// L = {1, 2}, R = {1, 3}: every class count is in the legend and the counts add up.
    #[test]
    fn the_strip_counts_every_class() {
        let rules = HeapRules::subtraction(
            &NumberSet::parse("1,2").unwrap(),
            &NumberSet::parse("1,3").unwrap(),
        )
        .unwrap();
        let report = sequence::solve(&rules, 40, false, &mut Budget::unlimited()).unwrap();
        let fig = outcome_figure(&report);
        assert!(
            fig.title.ends_with(": outcomes of heaps 0 to 39"),
            "{}",
            fig.title
        );
        let Body::Strip(strip) = &fig.body else {
            panic!("a strip")
        };
        let Cells::Categories { categories, .. } = &strip.cells else {
            panic!("categories")
        };
        let total: u64 = categories.iter().filter_map(|c| c.count).sum();
        assert_eq!(total, 40);
        assert_eq!(categories.len(), 4, "no '?' in exact forms");
        assert_eq!(
            categories[2].count,
            Some(report.outcomes.matches('P').count() as u64)
        );
    }

    #[test]
    fn unknown_classes_get_a_legend_entry_and_links_name_the_family() {
        let Body::Strip(strip) = outcome_strip("P?LN") else {
            panic!("a strip")
        };
        let Cells::Categories {
            indices,
            categories,
        } = &strip.cells
        else {
            panic!("categories")
        };
        assert_eq!(indices, &[2, 4, 0, 3]);
        assert_eq!(categories[4].name, UNKNOWN);
        assert_eq!(
            partizan_link("subtraction", ("1,2", "1,3"), "", 40),
            "#/partizan?family=subtraction&L=1,2&R=1,3&n=40"
        );
        assert!(partizan_link("bw", (".07", ""), "bw", 40).ends_with("&word=bw"));
    }
}
