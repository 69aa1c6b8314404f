// placeholder: the CLI entry (being written)
