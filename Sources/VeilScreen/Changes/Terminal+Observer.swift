extension Terminal {
    /// Who learns of every change to the screen, before it is made (see ``ScreenObserver``);
    /// nil (the default) costs nothing but one test per change. Set it on a fresh terminal,
    /// or read the screen when setting it: changes made before are not reported.
    public var observer: (any ScreenObserver)? {
        get { state.observer }
        set { state.observer = newValue }
    }

    /// Feeds bytes that start at `position` in the input: the positions reported with what
    /// they write (``ScreenChange/write(row:cols:position:run:)``) count from it, and the
    /// work budget is reported against it (``workBudgetExceededAtByte``).
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) {
        if exceededAtByte == nil { bytesFed = position }
        feed(bytes)
    }

    /// Feeds bytes that start at `position` in the input (see ``feed(_:at:)-(UnsafeBufferPointer<UInt8>,_)``).
    public mutating func feed(_ bytes: [UInt8], at position: Int) {
        bytes.withUnsafeBufferPointer { feed($0, at: position) }
    }

    /// Tells the ``observer`` that the screen as it is now is shown (a frame of a recording,
    /// a redraw of a shell), as libvterm's `vterm_screen_flush_damage`; what it does then
    /// is charged to the work budget. Nothing without an observer.
    public mutating func flush() {
        guard exceededAtByte == nil else { return }
        state.reportFlush()
    }
}
