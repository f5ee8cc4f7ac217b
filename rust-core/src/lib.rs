pub mod net;
pub mod rules;
