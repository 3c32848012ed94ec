//! One module per route, each compiled into its bundle only (`crate::bundle`). The `pub mod`
//! line of every page in the page list ([`crate::for_each_page!`]) is expanded from its entry,
//! in the entry's bundle; only the home and guide pages, which every bundle has, are named here.

pub mod guide;
pub mod home;

/// Expands the page list into each page's `pub mod` line, in its bundle.
macro_rules! page_modules {
    ($($(#[$doc:meta])* $variant:ident($($query:ident)::+ at $path:literal -> $params:ty, $errors:ty; $check:ident, $fields:expr)
        $nav:literal $title:literal $module:ident::$page:ident in $bundle:literal
        $summary:literal [$($example:tt),*];)*) => {
        $(#[cfg(feature = $bundle)] pub mod $module;)*
    };
}

crate::for_each_page!(page_modules);
