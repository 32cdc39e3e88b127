import Hummingbird

extension ConsoleController {
    func registerDashboard(on signedIn: RouterGroup<ServerRequestContext>) {
        signedIn.get { _, context in
            let (_, console) = try acting(context)
            return renderer.page(.dashboard, ["chrome": chrome(console)])
        }
    }
    func registerAudit(on signedIn: RouterGroup<ServerRequestContext>) {}
}
