//! The home page: what HeapLab is, and one card per game family (live or coming soon).

use yew::prelude::*;

/// A game family on the home page.
struct Family {
    name: &'static str,
    blurb: &'static str,
    /// The live page, or `None` for one that is coming soon.
    href: Option<&'static str>,
    /// Example links `(text, href)` on a live card, with the text that joins them.
    examples: &'static [(&'static str, &'static str)],
}

const FAMILIES: [Family; 8] = [
    Family {
        name: "Subtraction games",
        blurb: "Finite sets S and all-but games ℕ∖E: nim-values, outcomes, proven periods and preperiods, a value strip, and play against a perfect opponent.",
        href: Some("#/subtraction?S=2,5,7&n=100"),
        examples: &[
            ("{2,5,7}", "#/subtraction?S=2,5,7&n=100"),
            ("{2,4,7}", "#/subtraction?S=2,4,7&n=100"),
            ("{4,6,11,14}", "#/subtraction?S=4,6,11,14&n=200"),
            ("all-but ℕ∖{2,3,5,7}", "#/subtraction?E=2,3,5,7&n=100"),
        ],
    },
    Family {
        name: "Period maps",
        blurb: "Flammenkamp's maps of period lengths over whole families of 3-, 4- and 5-move sets, computed in parallel Web Workers; zoom in, hover to read a ruleset, click to open it.",
        href: Some("#/period-map"),
        examples: &[
            ("the survey's Figure 1", "#/period-map"),
            ("s3 = 301", "#/period-map?family=3move&fixed=301&s1=40..160&s2=90..210&colour=class"),
            ("max-symmetric m = 61", "#/period-map?family=maxsym5&fixed=61&s1=1..30&s2=1..31&colour=period"),
        ],
    },
    Family {
        name: "2-D subtraction",
        blurb: "Subtraction of vectors on two heaps: the P/N picture of the survey's Figure 2 (or nim-value colours), computed in a Web Worker, with zoom, and each row's and column's proven period on hover.",
        href: Some("#/plane"),
        examples: &[
            ("the survey's Figure 2", "#/plane?moves=2,6;3,3;6,1;19,6&w=3600&h=2000&mode=outcome"),
            ("its nim-values", "#/plane?moves=2,6;3,3;6,1;19,6&w=600&h=400&mode=grundy"),
            ("{(1,2), (2,1)}", "#/plane?moves=1,2;2,1&w=400&h=400&mode=outcome"),
        ],
    },
    Family {
        name: "Cumulative subtraction",
        blurb: "Players score what they take (Cohensius et al.'s o(x), Stewart's G_s): outcomes, optimal actions and sacrifices, convergence ξ(S), the paper's circle diagrams, two-pile heatmaps, truncated support tr^m, and play against a perfect Bob.",
        href: Some("#/cumulative-subtraction"),
        examples: &[
            ("{2,3}", "#/cumulative-subtraction?S=2,3"),
            ("{5,7} (Table 1)", "#/cumulative-subtraction?S=5,7&n=56&w=80&h=80"),
            ("{2,10,13,14} (Figure 6)", "#/cumulative-subtraction?S=2,10,13,14&n=60&w=120&h=120&zoom=4"),
        ],
    },
    Family {
        name: "Cumulative games",
        blurb: "n-player, general-sum cumulative games: PSPE by backward induction, outcome tables, and interactive game trees (extensive form, CGT-type, DAG) with TikZ export.",
        href: Some("#/cumulative-games?preset=squirrel&S=2,3&x=7"),
        examples: &[
            ("Squirrel Pebbles from 7 (Figure 4)", "#/cumulative-games?preset=squirrel&S=2,3&x=7"),
            ("CGT tree of 4 (Figure 3)", "#/cumulative-games?preset=squirrel&S=2,3&x=4&view=cgt"),
            ("DAG from 7 (Figure 5)", "#/cumulative-games?preset=squirrel&S=2,3&x=7&view=dag"),
            ("Auction Pebbles", "#/cumulative-games?preset=auction&S=2,3&x=4&C=1,0"),
        ],
    },
    Family {
        name: "Scoring play",
        blurb: "Stewart's impartial scoring play: games in bracket notation with their trees, final scores, classes and long-rule sums; scoring octal games and G_s with proven periods.",
        href: Some("#/scoring"),
        examples: &[
            ("Figure 1", "#/scoring?tab=game&g={2,{11|4|-3}|3|4,{9|2|-5}}"),
            ("G + G in P (Conjecture 9)", "#/scoring?tab=game&g={2,{1|2|3}|0|-2,{-3|-2|-1}}&plus={2,{1|2|3}|0|-2,{-3|-2|-1}}"),
            ("(3333, 2222)", "#/scoring?tab=octal&code=3333&pts=2,2,2,2&n=40"),
        ],
    },
    Family {
        name: "Partizan heap games",
        blurb: "Left and Right with different rules: partizan subtraction, pure breaking, duels and chessboard subtraction; canonical forms, outcome classes, proven periods and winning moves in sums.",
        href: Some("#/partizan"),
        examples: &[
            ("S(1,2 | 1,3)", "#/partizan?family=subtraction&L=1,2&R=1,3&n=40"),
            ("PB(1 | 2)", "#/partizan?family=breaking&L=1&R=2&n=40"),
            ("Position 5 + 7 + 9", "#/partizan?family=subtraction&L=1,2&R=1,3&n=40&pos=5,7,9"),
        ],
    },
    Family {
        name: "Octal games",
        blurb: "Taking and breaking heaps: octal codes, nim-sequences and their periods proven by Theorem 3.73, with the sparse-space method in a Web Worker.",
        href: Some("#/octal"),
        examples: &[
            ("Kayles", "#/octal?code=.77&max=1000000"),
            ("·16 (period 149,459)", "#/octal?code=.16&max=1000000"),
        ],
    },
];

/// The home page.
#[function_component(Home)]
pub fn home() -> Html {
    html! {
        <>
            <section class="intro">
                <h1>{ "HeapLab" }</h1>
                <p class="lead">
                    { "A research instrument for heap games. Type a ruleset and HeapLab computes nim-values and outcomes, proves the eventual period, and draws what it finds. Every view is a link you can share." }
                </p>
            </section>
            <ul class="card-grid" aria-label="Game families">
                { for FAMILIES.iter().map(family_card) }
            </ul>
        </>
    }
}

fn family_card(family: &Family) -> Html {
    match family.href {
        Some(href) => html! {
            <li class="card family live">
                <h2><a href={href}>{ family.name }</a></h2>
                <p>{ family.blurb }</p>
                if !family.examples.is_empty() {
                    <p class="examples">
                        { "Try " }
                        { for family.examples.iter().enumerate().map(|(i, (text, link))| {
                            let joint = match family.examples.len() - i {
                                1 => ".",
                                2 => " or ",
                                _ => ", ",
                            };
                            html! { <><a href={*link}>{ *text }</a>{ joint }</> }
                        }) }
                    </p>
                }
            </li>
        },
        None => html! {
            <li class="card family soon" aria-disabled="true">
                <h2>{ family.name }<span class="badge">{ "coming soon" }</span></h2>
                <p>{ family.blurb }</p>
            </li>
        },
    }
}
