import Hummingbird
import IdentityServerCore
import IdentityStorage

/// The operators' way back to the console after proving it is them again (``AccountConsoleReturn``).
extension AccountController {
    func registerConsoleReturn(on account: some RouterMethods<ServerRequestContext>) {
        account.get("console/**") { request, context in
            let realm = try await realm(context)
            let step = "console/" + context.parameters.getCatchAll().joined(separator: "/")
            guard let console, console.realmID == realm.id, let path = AccountConsoleReturn.consolePath(of: step) else {
                throw ServerError.notFound("no such page")
            }
            if let session = try await service.session(cookie.secret(in: request, of: realm.id), of: realm), service.isFresh(session) {
                return JSONResponse.redirect(to: console.root + "/" + path, status: .seeOther)
            }
            let page = self.path(realm)
            return secured(renderer.page(.accountConfirm, AccountConfirmPage(
                assets: assets, realm: realm.displayName, page: page, heading: "Confirm it is you",
                consequence: "The console asks for a sign-in in the last five minutes before this change.", warning: nil, fresh: false,
                action: "", button: "", options: page + "/passkey/options", signIn: page + "/passkey?next=" + step,
                appSignIn: page + "/sign-in/app?next=" + step)))
        }
    }
}
