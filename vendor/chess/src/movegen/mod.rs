mod movegen;
pub use self::movegen::*;

mod piece_type;
pub use self::piece_type::*;
