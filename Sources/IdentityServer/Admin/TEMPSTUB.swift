import Hummingbird
struct AdminService { let context: ServerContext }
struct AdminController { let service: AdminService; func register(on group: RouterGroup<ServerRequestContext>) {} }
