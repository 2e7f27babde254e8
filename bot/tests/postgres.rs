//! The services' tests again, on PostgreSQL (issue 34): each file below is the same test file
//! the SQLite run compiles, included as a module, and its `common::Db` gives every test a
//! database of its own on the tests' PostgreSQL server (`commissaire_tests::postgres`: the one
//! `COMMISSAIRE_TEST_POSTGRES` names, else a throwaway cluster this binary starts). Without
//! PostgreSQL they run on SQLite and say so, except under `CI=true`, where that fails.

// Each file includes the shared helpers as its own `mod common`, as it does on its own.
#![allow(clippy::duplicate_mod)]

#[path = "admin.rs"]
mod admin;
#[path = "autopilot.rs"]
mod autopilot;
#[path = "concurrency.rs"]
mod concurrency;
#[path = "deadlines.rs"]
mod deadlines;
#[path = "deferred_bodies.rs"]
mod deferred_bodies;
#[path = "idle_connections.rs"]
mod idle_connections;
#[path = "kept_reads.rs"]
mod kept_reads;
#[path = "languages.rs"]
mod languages;
#[path = "maillot_jaune_tour.rs"]
mod maillot_jaune_tour;
#[path = "outbox.rs"]
mod outbox;
#[path = "pact_deadline.rs"]
mod pact_deadline;
#[path = "phase_posts.rs"]
mod phase_posts;
#[path = "record.rs"]
mod record;
#[path = "refusals.rs"]
mod refusals;
#[path = "repechage.rs"]
mod repechage;
#[path = "restart.rs"]
mod restart;
#[path = "slot_deadline.rs"]
mod slot_deadline;
#[path = "stage_head.rs"]
mod stage_head;
#[path = "tour_bots.rs"]
mod tour_bots;
#[path = "tour_over.rs"]
mod tour_over;
#[path = "turn_card.rs"]
mod turn_card;
#[path = "turn_posts.rs"]
mod turn_posts;
#[path = "velo_master_tour.rs"]
mod velo_master_tour;
#[path = "warm_stages.rs"]
mod warm_stages;
#[path = "writer.rs"]
mod writer;
#[path = "writer_statements.rs"]
mod writer_statements;
