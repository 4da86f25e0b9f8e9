/// Every rule the service knows, in catalogue order. Adding a rule: one file plus one line here.
public enum RuleRegistry {
    public static let all: [Rule] = [
        // Perceivable
        .textContrast, .enhancedContrast, .nonTextContrast, .textScaling,
        .imageName, .canvasAlternative, .ratingDisplayAnnouncement, .codeBlockAnnouncement,
        // Operable
        .targetSize, .targetSizeEnhanced, .keyboardFocusable, .autoAdvance, .linkPurpose, .labelInName,
        // Understandable / robust
        .controlName, .textFieldName, .conflictingRoleTraits, .missingRoleTrait, .combinedButtonTrait,
        .carouselAnnouncement, .accordionState, .ratingInputAnnouncement, .progressAnnouncement,
        .spinnerAnnouncement, .tabSetSelection, .editableContentDescription,
        // Structure (engine diagnostics)
        .deferralSeveralReceivers, .deferralAmbiguousSource, .deferralErrorUnreceived, .labeledPairIncomplete,
        // Best practices
        .labelRoleWords, .labelTrailingPeriod, .labelCodeLike, .labelEqualsHint, .duplicateLabel, .duplicateFrame,
        .duplicateIdentifier, .nestedIdentifierContainer, .deferralMissingSource, .className,
    ]

    public static func rule(id: String) -> Rule? { byID[id] }

    private static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
