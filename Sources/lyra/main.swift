// The lyra executable: parse argv, build the dependencies, run.
print("lyra")
