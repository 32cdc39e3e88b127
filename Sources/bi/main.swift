print("bi")
