//! The terminal adapter: `demo` and `play` drive the same application services as the Discord
//! adapter, and write the pictures those services return into a folder.

pub mod demo;
pub mod play;

use commissaire::services::{Reply, ServiceError, Services};
use std::path::Path;

/// A mistake the user can fix, or something the machine refused (a folder not writable): printed
/// as is, exit status 2.
pub struct UsageError(pub String);

impl<E: std::fmt::Display> From<E> for UsageError {
    fn from(e: E) -> Self {
        UsageError(e.to_string())
    }
}

/// A reply as the terminal shows it: its pictures drawn, and what it owed the channel marked
/// delivered, as printing it is the terminal's delivery (a later Discord start must not post
/// it again).
pub async fn shown(services: &Services, mut reply: Reply) -> Result<Reply, ServiceError> {
    services.draw(&mut reply).await;
    for r in reply.all() {
        if let Some(owing) = &r.owed {
            services.delivered(owing.id, &[], None).await?;
        }
    }
    Ok(reply)
}

/// Writes every picture of a reply (and its follow-ups) into `dir`; returns the files written.
pub fn save_pictures(reply: &Reply, dir: &Path) -> Result<Vec<String>, UsageError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| UsageError(format!("cannot create {}: {e}", dir.display())))?;
    let mut written = Vec::new();
    for part in reply.all() {
        for (name, png) in &part.images {
            let path = dir.join(name);
            std::fs::write(&path, png)
                .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
            written.push(name.clone());
        }
    }
    Ok(written)
}

/// The text of a reply and its follow-ups, one paragraph each.
pub fn all_text(reply: &Reply) -> String {
    reply
        .all()
        .iter()
        .map(|r| r.text.trim())
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Removes a database and its WAL companions, so a fresh run starts from nothing.
pub fn remove_database(db: &Path) -> Result<(), UsageError> {
    for suffix in ["", "-wal", "-shm"] {
        let path = std::path::PathBuf::from(format!("{}{suffix}", db.display()));
        if path.exists() {
            std::fs::remove_file(&path)
                .map_err(|e| UsageError(format!("cannot remove {}: {e}", path.display())))?;
        }
    }
    Ok(())
}
