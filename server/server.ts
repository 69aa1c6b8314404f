// placeholder: the language server entry (being written)
