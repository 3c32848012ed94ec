//! Cancel stops a running job of every kind within one step, in a real headless Chromium: the
//! status reads "Cancelled" and stays so, and no worker message arrives afterwards (stepped
//! jobs — map tiles, 2-D windows, cumulative games, outcome-period searches — are dropped by the worker before their
//! next step; one-call jobs — octal proofs, two-pile grids, `tr^m`, scoring octal tables,
//! partizan sequences — have their worker terminated). See `Page::cancel_stops_the_job`.

use anyhow::Result;
use heaplab_e2e::with_page;

/// Each test opens a page whose job runs for many seconds, waits for it to run in its worker,
/// presses Cancel and checks the silence.
async fn check(route: &'static str, id: &'static str, status: &'static str) -> Result<()> {
    with_page(|page| async move {
        page.open(route).await?;
        page.cancel_stops_the_job(&format!("#{id}-progress"), &format!("#{id}-cancel"), status)
            .await
    })
    .await
}

#[tokio::test]
async fn cancel_stops_a_period_map_tile_pool() -> Result<()> {
    check(
        "#/period-map?family=3move&fixed=1000&s1=1..999&s2=2..1000&colour=class",
        "map",
        "#map-status",
    )
    .await
}

/// The survey's record set (outcome period 147,429,129,464) searched further: minutes of work.
#[tokio::test]
async fn cancel_stops_a_constant_memory_period_search() -> Result<()> {
    check(
        "#/subtraction?S=15,27,88,100,115&n=200&further=1",
        "further-status",
        "#further-status-text",
    )
    .await
}

#[tokio::test]
async fn cancel_stops_a_plane_window() -> Result<()> {
    check(
        "#/plane?moves=1,2;2,1;3,5;5,3;4,9;9,4;7,11;11,7;13,17;17,13;19,23;23,19;29,31;31,29;37,41;41,37&w=3000&h=3000&mode=grundy",
        "plane",
        "#plane-status",
    )
    .await
}

#[tokio::test]
async fn cancel_stops_an_octal_proof() -> Result<()> {
    check("#/octal?code=.6&max=4000000", "octal-job", "#octal-job").await
}

/// Issue 15: ·354 (Table 3.2; its proof needs 20,971,520 heaps, past the page's budget) runs
/// with a progress bar, and Cancel stops it.
#[tokio::test]
async fn cancel_stops_an_octal_354_run() -> Result<()> {
    check("#/octal?code=.354&max=4000000", "octal-job", "#octal-job").await
}

#[tokio::test]
async fn cancel_stops_a_cumulative_game_solve() -> Result<()> {
    check(
        "#/cumulative-games?preset=squirrel&S=1,2&x=2000&n=5",
        "cg-job",
        "#cg-job",
    )
    .await
}

#[tokio::test]
async fn cancel_stops_a_two_pile_grid() -> Result<()> {
    check(
        "#/cumulative-subtraction?S=2,10,13,14,20,25,31,40,50,60,70,80,90,100,110,120&w=1500&h=1500&zoom=1",
        "cs-heatmap-job",
        "#cs-heatmap-job",
    )
    .await
}

#[tokio::test]
async fn cancel_stops_a_truncated_sequence() -> Result<()> {
    check(
        "#/cumulative-subtraction?S=2,3&m=2000",
        "cs-truncated-job",
        "#cs-truncated-job",
    )
    .await
}

#[tokio::test]
async fn cancel_stops_a_scoring_octal_table() -> Result<()> {
    check(
        "#/scoring?tab=octal&code=777&pts=1,2,3&n=200",
        "sc-job",
        "#sc-job",
    )
    .await
}

#[tokio::test]
async fn cancel_stops_a_partizan_sequence() -> Result<()> {
    // PB(1,2 | 1,3) to 2,000 heaps: about 13 heaps/s in a worker (minutes in all).
    check(
        "#/partizan?family=breaking&L=1,2&R=1,3&n=2000",
        "pz-job",
        "#pz-job",
    )
    .await
}

#[tokio::test]
async fn cancel_stops_a_misere_quotient() -> Result<()> {
    // Kayles' quotient to heap 300 takes many seconds (order 40, each new heap checked).
    check("#/misere?code=.77&n=300", "mq-job", "#mq-job").await
}
