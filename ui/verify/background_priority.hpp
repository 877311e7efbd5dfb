// Work on the Verify page's pool yields to the GUI thread: a worker lowers its own priority by
// ten steps of nice (on Linux each thread has its own nice value, and the threads core starts from
// it — readers, hashers — inherit it). With the CPU contended, the GUI thread then gets about nine
// times a worker's share and preempts it on waking, so a repaint does not queue behind busy
// workers (at five steps, 2 cores, 45 ms gaps were measured); with nothing else to run, the
// workers still get every core.
#pragma once

namespace hashscope::ui {

// The calling thread's priority, to pass to a worker (call on the GUI thread).
int guiPriority();
// Lowers the calling thread to `steps` below `gui` (never raises it: that needs privileges).
void runBelow(int gui, int steps = 10);

}  // namespace hashscope::ui
