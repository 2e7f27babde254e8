//! Pictures of engine views. Built by the board-pictures issue.
