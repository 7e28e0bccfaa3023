print("halo")
