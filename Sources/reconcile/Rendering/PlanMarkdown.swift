import SchemaReconciler

// MARK: - PlanMarkdown

/// A plan as Markdown, for a pull request comment or a CI job's summary: the versions, a table
/// of the steps, the hazards with their counts, the upgrades that will run and the warnings;
/// with a diagram, the tables the change touches. GitHub renders it as it is.
///
/// With a launch budget, the budget's line (``LaunchBudgetText``) comes first, the table gives
/// each step's estimate, and the work left for `reconcile finish` names the budget.
///
/// What will run is there to read, each piece folded in a `<details>` block below its list:
/// the statements of each step, the text of each upgrade script and of each seed script.
///
/// ````
/// ### Schema sync from 1.0.0 to 1.1.0
///
/// | # | Table | Change | Method | Rows |
/// | ---: | --- | --- | --- | ---: |
/// | 1 | users | add column users.nickname (native ALTER) | native |  |
///
/// <details>
/// <summary>Step 1: add column users.nickname (native ALTER)</summary>
///
/// ```sql
/// ALTER TABLE "users" ADD COLUMN "nickname" TEXT;
/// ```
///
/// </details>
/// ````
struct PlanMarkdown {
    let plan: Plan
    /// The text of each upgrade script of the plan, as the sync reads it; an upgrade without
    /// one (a code upgrade) is listed without a block.
    let scripts: [Upgrade: String]
    /// The Mermaid diagram of the tables the plan touches, when asked for.
    let diagram: EntityDiagram?

    init(_ plan: Plan, scripts: [Upgrade: String] = [:], diagram: EntityDiagram? = nil) {
        self.plan = plan
        self.scripts = scripts
        self.diagram = diagram
    }

    var text: String {
        var sections = [heading]
        if plan.isNothingToDo { return sections[0] + "\n" }
        let budget = LaunchBudgetText(plan)
        if let budget { sections.append(Self.cell(budget.sentence)) }
        let steps = plan.expandSteps + plan.contractSteps
        if !steps.isEmpty { sections += [Self.stepTable(steps, budget: budget)] + Self.stepDetails(steps) }
        if !plan.hazards.isEmpty { sections.append(hazards) }
        if !plan.upgrades.isEmpty {
            sections += [Self.upgradeList("Upgrades that will run", plan.upgrades)]
                + Self.upgradeDetails(plan.upgrades, scripts: scripts)
        }
        if !plan.seeds.isEmpty {
            sections.append(Self.list("Seed scripts that will run", plan.seeds.map { Self.code($0.path) }))
            sections += plan.seeds.map { MarkdownDetails(summary: "Seed \($0.path)", sql: SQLText.closedScript($0.sql)).text }
        }
        if !plan.warnings.isEmpty { sections.append(Self.list("Warnings", plan.warnings.map { Self.cell($0.description) })) }
        var waiting = DeferredText(plan.deferred)
        waiting.launchBudget = plan.launchBudget
        let deferred = waiting.lines.dropFirst().map(Self.cell)
        if !deferred.isEmpty { sections.append(Self.list("Left for `reconcile finish`" + waiting.overBudget, deferred)) }
        if !plan.copiedAtLaunch.isEmpty {
            sections.append(Self.list("Copied at launch all the same", plan.copiedAtLaunch.map { Self.cell($0.description) }))
        }
        if let diagram, !diagram.entities.isEmpty {
            sections.append("**Tables this change touches**\n\n```mermaid\n" + MermaidText(diagram).text + "```")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private var heading: String {
        switch plan.fromVersion {
        case nil: "### Schema sync: new database at version \(plan.toVersion)"
        case let from? where plan.isNothingToDo: "### Schema sync: nothing to do, the database is at version \(from)"
        case let from? where from == plan.toVersion: "### Schema sync at version \(from)"
        case let from?: "### Schema sync from \(from) to \(plan.toVersion)"
        }
    }

    /// Each kind of hazard, how many steps have it, and what each one does.
    private var hazards: String {
        var lines = ["**Hazards**", ""]
        var kinds: [Hazard.Kind] = []
        for hazard in plan.hazards where !kinds.contains(hazard.kind) { kinds.append(hazard.kind) }
        for kind in kinds {
            let ofKind = plan.hazards.filter { $0.kind == kind }
            lines.append("- `\(kind.rawValue)` (\(ofKind.count)): " + ofKind.map { Self.cell($0.description) }.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Shared with the status

    /// A table of steps: the table each is about, what it does, how, and how many rows it copies;
    /// with a launch `budget`, each one's estimate too.
    static func stepTable(_ steps: [Step], budget: LaunchBudgetText? = nil) -> String {
        var lines = ["| # | Table | Change | Method | Rows |", "| ---: | --- | --- | --- | ---: |"]
        if budget != nil {
            lines = ["| # | Table | Change | Method | Rows | Estimate |", "| ---: | --- | --- | --- | ---: | ---: |"]
        }
        for (offset, step) in steps.enumerated() {
            let method = switch step.method {
            case .native: "native"
            case .inPlace: "in place"
            case .rebuild: "rebuild"
            }
            let estimate = budget.map { " \($0.estimate(of: step) ?? "") |" } ?? ""
            lines.append("| \(offset + 1) | \(cell(step.table ?? "")) | \(cell(step.description)) | \(method) | "
                         + "\(step.rows.map(String.init) ?? "") |" + estimate)
        }
        return lines.joined(separator: "\n")
    }

    /// The statements of each step that has any, each step in a `<details>` block numbered as
    /// in ``stepTable(_:)``.
    static func stepDetails(_ steps: [Step]) -> [String] {
        steps.enumerated().compactMap { offset, step in
            guard !step.statements.isEmpty else { return nil }
            let sql = step.statements.map { SQLText.closingLineComment($0) + ";" }.joined(separator: "\n")
            return MarkdownDetails(summary: "Step \(offset + 1): \(step.description)", sql: sql).text
        }
    }

    /// The text of each upgrade script of `upgrades` that `file` lists, as it was read.
    static func scripts(of upgrades: [Upgrade], in file: SchemaFile) -> [Upgrade: String] {
        Dictionary(upgrades.compactMap { upgrade in file.script(for: upgrade).map { (upgrade, $0.sql) } },
                   uniquingKeysWith: { first, _ in first })
    }

    /// The text of each upgrade script in `scripts`, in a `<details>` block.
    static func upgradeDetails(_ upgrades: [Upgrade], scripts: [Upgrade: String]) -> [String] {
        upgrades.compactMap { upgrade in
            scripts[upgrade].map { MarkdownDetails(summary: "Upgrade \(upgrade.version): \(upgrade.name)", sql: $0).text }
        }
    }

    /// A titled list of upgrades, each with its version.
    static func upgradeList(_ title: String, _ upgrades: [Upgrade]) -> String {
        list(title, upgrades.map { "\($0.version): " + code($0.name) + ($0.kind == .script ? "" : " (code)") })
    }

    /// A titled bulleted list of items written as Markdown.
    static func list(_ title: String, _ items: [String]) -> String {
        (["**\(title)**", ""] + items.map { "- " + $0 }).joined(separator: "\n")
    }

    /// A name in a code span, its line breaks as spaces (a backtick in it lengthens the fence).
    static func code(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        return flat.contains("`") ? "`` \(flat) ``" : "`\(flat)`"
    }

    /// Text that stays in one table cell or list item: a `|` escaped, a line break a space, and
    /// characters Markdown would read as HTML written as entities.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\r\n", with: " ")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
