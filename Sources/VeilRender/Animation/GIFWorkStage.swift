import Foundation

/// One stage of the GIF's pipeline: a thread that handles the items given to it in order,
/// while the thread that gives them goes on.
///
/// Memory stays bounded: an item waits only while fewer than ``depth`` wait and their
/// ``cost`` (pixels or bytes) stays under the budget (an item alone may exceed it); past
/// that, ``submit(_:cost:)`` waits for the stage. The items handled go back to the
/// submitting thread at its next call, to be reused or freed there (a buffer reused costs no
/// fresh pages; memory freed on another thread than the one that allocated it contends for
/// that thread's allocator lock). An error
/// thrown by the handler stops the stage: the next ``submit(_:cost:)`` or ``finish()``
/// throws it.
final class GIFWorkStage<Item>: @unchecked Sendable {
    /// The most items waiting.
    static var depth: Int { 8 }

    private let budget: Int
    private let handle: (Item) throws -> Void
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: [(item: Item, cost: Int)] = []
    private var spent: [Item] = []
    /// The cost of the items waiting and being handled.
    private var held = 0
    private var busy = false
    private var closed = false
    private var done = false
    private var failure: (any Error)?

    /// Starts the thread; `handle` runs on it, one item at a time, in order.
    init(budget: Int, handle: @escaping (Item) throws -> Void) {
        self.budget = budget
        self.handle = handle
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Queues `item`, waiting while the stage holds ``depth`` items or its budget; returns
    /// the items handled since the last call.
    /// - Throws: the error that stopped the stage.
    @discardableResult
    func submit(_ item: Item, cost: Int) throws -> [Item] {
        condition.lock()
        while failure == nil && (waiting.count >= Self.depth || (held > 0 && held + cost > budget)) {
            condition.wait()
        }
        if let failure {
            condition.unlock()
            throw failure
        }
        waiting.append((item, cost))
        held += cost
        if waiting.count == 1 { condition.broadcast() }
        let handled = spent
        spent = []
        condition.unlock()
        return handled
    }

    /// Waits until every item given has been handled (the stage goes on).
    /// - Throws: the error that stopped the stage.
    func drain() throws {
        condition.lock()
        while failure == nil && (!waiting.isEmpty || busy) { condition.wait() }
        spent = []
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
    }

    /// Waits until every item given has been handled and ends the thread: whatever the
    /// handler used is the caller's again.
    /// - Throws: the error that stopped the stage.
    func finish() throws {
        condition.lock()
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        spent = []
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
    }

    /// Drops what waits and ends the thread (the work is abandoned).
    func cancel() {
        condition.lock()
        closed = true
        waiting.removeAll()
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty {
                done = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let (item, cost) = waiting.removeFirst()
            busy = true
            condition.unlock()
            var error: (any Error)?
            do { try handle(item) } catch let failed { error = failed }
            condition.lock()
            busy = false
            held -= cost
            spent.append(item)
            condition.broadcast()  // the caller may wait for room or for the end
            if let error {
                failure = error
                waiting.removeAll()
                done = true
                condition.unlock()
                return
            }
        }
    }
}
