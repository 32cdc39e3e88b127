/// What webhooks need from the composition root: their settings, the sealer of their secrets
/// and their metrics.
struct WebhookContext: Sendable {
    let settings: ServerConfiguration.Webhooks
    let sealer: SecretSealer
    let metrics: WebhookMetrics

    /// The target check the settings ask for.
    var targetCheck: WebhookTargetCheck { WebhookTargetCheck(allowPrivateTargets: settings.allowPrivateTargets) }
}
