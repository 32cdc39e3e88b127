package import IdentityServerCore

/// What webhooks need from the composition root: their settings, the sealer of their secrets
/// and their metrics.
package struct WebhookContext: Sendable {
    package let settings: WebhookSettings
    package let sealer: SecretSealer
    package let metrics: WebhookMetrics

    package init(settings: WebhookSettings, sealer: SecretSealer, metrics: WebhookMetrics) {
        self.settings = settings
        self.sealer = sealer
        self.metrics = metrics
    }

    /// The target check the settings ask for.
    package var targetCheck: WebhookTargetCheck { WebhookTargetCheck(allowPrivateTargets: settings.allowPrivateTargets) }
}
