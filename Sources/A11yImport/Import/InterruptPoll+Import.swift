import A11yModel

extension InterruptPoll {
    /// An importer's "keep going?": counted per node read or laid out, per layer walked and per
    /// outline edge tested, so an import stops mid-way when the client leaves or the time
    /// budget runs out. The interrupt is asked on the first unit, then once per 65,536.
    package static func importing(_ interrupt: AuditInterrupt) -> InterruptPoll { InterruptPoll(interrupt, every: 65_536) }
}
