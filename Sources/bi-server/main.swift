print("bi-server")
