//! The rulesets HeapLab ships, written in the ruleset language, each citing its source.

/// A shipped ruleset: the name the CLI and the page use, and its text.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    /// The preset's name (`mark`, `wythoff`, …).
    pub name: &'static str,
    /// The ruleset text.
    pub text: &'static str,
}

macro_rules! presets {
    ($($name:literal),* $(,)?) => {
        /// Every preset, in menu order.
        pub const PRESETS: &[Preset] = &[
            $(Preset { name: $name, text: include_str!(concat!("presets/", $name, ".rhai")) }),*
        ];
    };
}

presets!(
    "mark",
    "mimark",
    "upmark",
    "mark-t",
    "mimark-t",
    "i-mark",
    "i-mark-t",
    "i-mark-t2",
    "sd",
    "subtraction",
    "octal",
    "kayles",
    "dawsons-kayles",
    "grundy",
    "wythoff",
    "two-pile-nim",
    "two-pile-nim-star",
    "comply-ap",
    "partizan-subtraction",
);

/// The preset of this name, if any.
pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

/// The preset names, comma-separated (for messages and help).
pub fn names() -> String {
    PRESETS
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}
