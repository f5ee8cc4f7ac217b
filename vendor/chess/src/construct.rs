/// This is now a no-op.  It does not need to be called anymore.
pub fn construct() {}
